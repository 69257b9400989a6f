import type { ReactNode } from 'react';
import './table-scroll.css';

/**
 * A console table in a region of its own that scrolls sideways when the table is wider than a phone (360 px): the
 * page never does, and no cell's text is cut or broken mid-word to fit (table-scroll.css). Focusable, so the
 * keyboard can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable), and named after its table, so a screen
 * reader says what it is when it takes focus — each label unique on its screen.
 */
export function TableScroll({
  label,
  grouped = false,
  children,
}: {
  label: string;
  /**
   * A group, not a region (a landmark): for a table whose section is already a landmark of the same name (the
   * dashboard's), which a second landmark would repeat.
   */
  grouped?: boolean;
  children: ReactNode;
}) {
  return grouped ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by the keyboard.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this holds a table.
    <div className="table-scroll" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  ) : (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by the keyboard.
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
