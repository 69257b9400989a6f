import { useEffect, useRef } from 'react';

/**
 * For a button that opens something in its own place (an editor, a form) and is hidden while it is open: when `open`
 * turns false, the focus returns to the button (WCAG 2.4.3), instead of falling to the page with what closed.
 */
export function useFocusOnClose<T extends HTMLElement>(open: boolean) {
  const button = useRef<T>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return button;
}
