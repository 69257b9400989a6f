import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './toast.css';

// The one toast (docs/house-style.md): spec §9 — bottom-right, closes after 5000 ms, dark theme.
// Callers pass text that is already translated: `toast.success(t('account.saved'))`.

export const TOAST_DURATION_MS = 5000;
const MAX_VISIBLE = 4;

export type ToastKind = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  publish([...toasts, { id, kind, message }].slice(-MAX_VISIBLE));
  return id;
}

function dismiss(id: number): void {
  publish(toasts.filter((item) => item.id !== id));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  dismiss,
  /** Closes them all (each screen test starts with none). */
  clear: () => publish([]),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getToasts = () => toasts;

/**
 * Renders the toasts; mounted once by the app. Both live regions are always in the page so that
 * screen readers announce what is added to them: errors assertively (role=alert), the rest politely.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, getToasts, getToasts);
  return (
    <div className="toaster">
      <div role="status" aria-live="polite" className="toaster__region">
        {items.map((item) => (item.kind === 'error' ? null : <Toast key={item.id} item={item} />))}
      </div>
      <div role="alert" aria-live="assertive" className="toaster__region">
        {items.map((item) => (item.kind === 'error' ? <Toast key={item.id} item={item} /> : null))}
      </div>
    </div>
  );
}

function Toast({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  // Hovering or focusing a toast holds it open (WCAG 2.2.1, timing adjustable).
  const [held, setHeld] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => dismiss(item.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [held, item.id]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only pause the timer; the close button is the control.
    <div
      ref={ref}
      className={`toast toast--${item.kind}`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <ToastIcon kind={item.kind} />
      <p className="toast__message">{item.message}</p>
      <button type="button" className="toast__close" aria-label={t('common.close')} onClick={() => dismiss(item.id)}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

function ToastIcon({ kind }: { kind: ToastKind }) {
  const path =
    kind === 'success' ? 'M5 10.5l3 3 7-7' : kind === 'error' ? 'M10 5.5v5.5M10 14.5v.01' : 'M10 9v5.5M10 5.5v.01';
  return (
    <svg className="toast__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.18" />
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
