import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import './signature-pad.css';

// A signature drawn on the screen (docs/architecture.md §5 "After the booking"): a canvas that pointer events draw on —
// a mouse, a pen or a finger alike — and a button that clears it. The ink is drawn at a fixed 600 × 300 and given as
// a PNG data URL (a few tens of KB: contract SIGNATURE_MAX_CHARS); the CSS scales the canvas to the screen. A small
// canvas of our own rather than a library (signature_pad is ~12 KB): strokes of straight segments between coalesced
// pointer samples read as a signature at this size, and the customer's check-in loads this with its form only.

export const PAD_WIDTH = 600;
// 2 : 1, not wider: on a 360 px phone the pad is still ~145 px high, room for a finger to sign.
export const PAD_HEIGHT = 300;

interface SignaturePadProps {
  /** Read as the canvas's name, with `description`. */
  label: string;
  description: string;
  clearLabel: string;
  /** The PNG's data URL once something is drawn; null when cleared. */
  onChange: (image: string | null) => void;
  /** Its element's id, to tie an error to it (aria-describedby). */
  errorId?: string;
  invalid?: boolean;
}

export function SignaturePad({ label, description, clearLabel, onChange, errorId, invalid }: SignaturePadProps) {
  const hintId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [inked, setInked] = useState(false);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
  }, []);

  /** The pointer's place on the 600 × 300 drawing, whatever size the canvas is shown at. */
  const pointOf = (event: { clientX: number; clientY: number }) => {
    const box = canvas.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return { x: 0, y: 0 };
    return {
      x: ((event.clientX - box.left) * PAD_WIDTH) / box.width,
      y: ((event.clientY - box.top) * PAD_HEIGHT) / box.height,
    };
  };

  const drawTo = (point: { x: number; y: number }) => {
    const context = canvas.current?.getContext('2d');
    const from = last.current ?? point;
    if (context) {
      context.beginPath();
      context.moveTo(from.x, from.y);
      // A dot (a tap) is drawn as a tiny segment: a zero-length line draws nothing.
      context.lineTo(point.x + (from === point ? 0.1 : 0), point.y);
      context.stroke();
    }
    last.current = point;
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    last.current = null;
    drawTo(pointOf(event));
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    // Every sample the device made since the last frame: a fast stroke stays smooth.
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
    for (const sample of samples.length > 0 ? samples : [event.nativeEvent]) drawTo(pointOf(sample));
  };
  const end = () => {
    if (!last.current) return;
    last.current = null;
    setInked(true);
    latest.current(imageOf(canvas.current));
  };
  const clear = () => {
    const context = canvas.current?.getContext('2d');
    context?.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
    setInked(false);
    latest.current(null);
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvas}
        className="signature-pad__canvas"
        width={PAD_WIDTH}
        height={PAD_HEIGHT}
        role="img"
        // Not a stop of the Tab order (the typed signature is the keyboard's way), but a refused submit may focus it.
        tabIndex={-1}
        aria-label={label}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onLostPointerCapture={end}
      />
      <p id={hintId} className="signature-pad__hint">
        {description}
      </p>
      <button type="button" className="button button--secondary" onClick={clear} disabled={!inked}>
        {clearLabel}
      </button>
    </div>
  );
}

/** The canvas as a PNG data URL, or null where the browser cannot make one. */
function imageOf(element: HTMLCanvasElement | null): string | null {
  try {
    const image = element?.toDataURL('image/png');
    return typeof image === 'string' && image.startsWith('data:image/png;base64,') ? image : null;
  } catch {
    return null;
  }
}
