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
