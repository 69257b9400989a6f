import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Spec §2: scroll to the top on every page change. Focus also moves to the main region so that keyboard and
 * screen-reader users start reading the new page, not the link they left. Both apps' layouts use it.
 */
export function useResetOnPathChange(pathname: string, mainRef: RefObject<HTMLElement | null>): void {
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}
