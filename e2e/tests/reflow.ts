import type { Page } from '@playwright/test';

// The reflow check (WCAG 1.4.10) shared by the a11y spec's 360 px and 200 % zoom runs and the journeys that check a
// step at 360 px (after-booking.spec: the booking page while editing, s15).

/** Page-level horizontal scrolling, and elements reaching past the viewport outside a scrollable region. */
export async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`page scrolls sideways: ${root.scrollWidth} > ${width}`);
    const inScroller = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return true;
      }
      return false;
    };
    for (const element of Array.from(document.querySelectorAll('main *, header *, footer *'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Visually hidden text, and the map's tiles and markers (the map pans inside its own clipped frame).
      if (getComputedStyle(element).clipPath.includes('inset(50%)') || element.closest('.leaflet-container')) continue;
      if ((rect.right > width + 1 || rect.left < -1) && !inScroller(element)) {
        problems.push(
          `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ${rect.left}…${rect.right}`,
        );
      }
    }
    return problems.slice(0, 10);
  });
}

/**
 * Words of the elements `selector` finds that break inside themselves across lines ("Stornierungs" / "anfragen",
 * a history's "Cham" / "p"): letters on two lines. By default the page's headings. With `whole`, each element's
 * whole text is one such word: an amount ("277,50" / "€") must not be split either.
 */
export async function brokenWords(
  page: Page,
  selector = 'main h1, main h2, main h3',
  { whole = false }: { whole?: boolean } = {},
): Promise<string[]> {
  return page.evaluate(
    ({ selector, whole }) => {
      const broken: string[] = [];
      for (const element of Array.from(document.querySelectorAll(selector))) {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          // A line may end after a hyphen ("e-" / "mail"): the parts between hyphens are the words kept whole.
          for (const match of text.matchAll(whole ? /\S(?:.*\S)?/g : /[^\s\-\u2010]+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
            if (lines.size > 1) broken.push(`${element.tagName.toLowerCase()}: ${match[0]}`);
          }
        }
      }
      return broken;
    },
    { selector, whole },
  );
}
