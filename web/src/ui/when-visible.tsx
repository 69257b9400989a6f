import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the placeholder enters the viewport, so that below-the-fold parts (the home page's map
 * and its Leaflet chunk) download and run only when the user scrolls to them (ARCHITECTURE §7) — or, at the latest,
 * once the page has loaded and the browser is idle: a keyboard user tabbing on from the search form, or a screen
 * reader reading on, never scrolls, and must still meet the map, the destinations and the rest. No margin ahead: on
 * a 412 × 823 phone the map's box starts ~90 px below the fold, and loading it early made Leaflet's ~400 ms of
 * main-thread work (at Lighthouse's 4× CPU slowdown) land in the first seconds of every visit.
 */
export function WhenVisible({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
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
    // neither the load listener nor the idle callback is cancelled: the bytes count on `/` (bench/ci-baseline.json).
    const whenIdle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(show, { timeout: 2000 }) : setTimeout(show, 500);
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle);
    return () => observer.disconnect();
  }, [visible]);
  return visible ? children : <div ref={ref}>{placeholder}</div>;
}
