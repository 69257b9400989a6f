import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// The axe audit, shared by a11y.spec.ts and operator.spec.ts: WCAG 2.2 AA, serious and critical.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// axe-core itself, as @axe-core/playwright ships it, run in the page with axe.run: injected once per document (a
// client-side navigation keeps it), no blank page opened per audit, only violations collected — several times
// faster than AxeBuilder.analyze() on a busy machine.
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Runs axe on the page (or on `include` only, for an open popover) and records serious and critical findings. */
export async function audit(page: Page, found: string[], where: string, include?: string) {
  // A popover fades in (react-aria marks it data-entering for ~120 ms): measured mid-fade, its text's contrast is
  // the fade's, not the design's. Audit what the user sees once it has settled.
  await expect(page.locator('[data-entering]')).toHaveCount(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const results = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target.join(' ')).join(', '),
      }));
    },
    { include, tags: TAGS },
  );
  for (const violation of violations) {
    if (violation.impact === 'serious' || violation.impact === 'critical')
      found.push(`${where}: ${violation.id} (${violation.impact}) at ${violation.targets}`);
  }
}
