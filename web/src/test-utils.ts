// Small queries the web tests share (Testing Library, without jest-dom's matchers).

/** The text a screen reader reads as the element's description: its aria-describedby elements, in order. */
export function describedBy(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Marked invalid for assistive technology. */
export const isInvalid = (element: Element) => element.getAttribute('aria-invalid') === 'true';
