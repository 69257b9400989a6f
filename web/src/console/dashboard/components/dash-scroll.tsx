import type { ReactNode } from 'react';

/**
 * A dashboard table in a region of its own that scrolls sideways when the table is wider than a phone (360 px):
 * the page never does, and words are not cut mid-letter to fit. Focusable, so the keyboard can scroll it (WCAG 2.1.1,
 * axe's scrollable-region-focusable), and named after its table.
 */
export function DashScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A group, not a landmark: the sections around hold the page's landmarks, each named once.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by the keyboard.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this holds a table.
    <div className="dash-scroll" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
