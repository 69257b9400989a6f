/**
 * After a save, focus goes to the saved record's heading (the screen's h1): a screen reader reads what was saved,
 * and the keyboard starts from the top of that record, not from a button that may be gone. A created record's
 * screen shows after the navigation: its heading (`title`, when given) is looked for until it is there (two seconds
 * at most).
 */
export function focusTitle(title?: string): void {
  const started = Date.now();
  const attempt = () => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading && (title === undefined || heading.textContent === title)) {
      heading.tabIndex = -1;
      heading.focus();
    } else if (Date.now() - started < 2000) {
      setTimeout(attempt, 50);
    }
  };
  // After React has committed what the save changed.
  setTimeout(attempt, 0);
}
