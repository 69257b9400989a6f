import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the placeholder enters the viewport, so that below-the-fold parts (the home page's map
 * and its Leaflet chunk) download and run only when the user scrolls to them (docs/architecture.md §7). No margin ahead:
 * on a 412 × 823 phone the map's box starts ~90 px below the fold, and loading it early made Leaflet's ~400 ms of
 * main-thread work (at Lighthouse's 4× CPU slowdown) land in the first seconds of every visit.
 *
 * With `idle`, also once the page has loaded and the browser is idle: a keyboard user tabbing on from the search
 * form, or a screen reader reading on, never scrolls, and must still meet the links below it. Not for the map:
 * Leaflet at idle still cost Lighthouse's `/` 30–70 → 130–280 ms of blocking time (bench/README.md).
 */
export function WhenVisible({
  placeholder,
  children,
  idle,
}: {
  placeholder: ReactNode;
  children: ReactNode;
  idle?: true;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const show = () => setVisible(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
    });
    observer.observe(element);
    // Safari has no requestIdleCallback. A late call, after unmounting or showing, is harmless (React ignores it), so
    // neither the load listener nor the idle callback is cancelled, and the idle callback has no timeout: the bytes
    // count on `/` (bench/ci-baseline.json), and a page that has loaded is idle within moments.
    const whenIdle = () => (self.requestIdleCallback ?? setTimeout)(show);
    if (idle) {
      if (document.readyState === 'complete') whenIdle();
      else addEventListener('load', whenIdle);
    }
    return () => observer.disconnect();
  }, [visible, idle]);
  return visible ? children : <div ref={ref}>{placeholder}</div>;
}
