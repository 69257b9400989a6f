import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the placeholder enters the viewport, so that below-the-fold parts (the home page's map
 * and its Leaflet chunk) download and run only when the user scrolls to them (ARCHITECTURE §7). No margin ahead:
 * on a 412 × 823 phone the map's box starts ~90 px below the fold, and loading it early made Leaflet's ~400 ms of
 * main-thread work (at Lighthouse's 4× CPU slowdown) land in the first seconds of every visit.
 */
export function WhenVisible({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return visible ? children : <div ref={ref}>{placeholder}</div>;
}
