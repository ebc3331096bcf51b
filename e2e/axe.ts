import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { animationsDone } from './fixtures';

/** axe-core's own build, evaluated in the page through the debugging protocol (the app's CSP refuses inline scripts). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; html: string }[];
}

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now: each serious or critical violation
 * as "rule (impact): selector «the element's markup», …" (the markup says which toast or button it is),
 * at most `limit` elements per rule.
 */
export const seriousViolations = async (page: Page, limit = 5): Promise<string[]> => {
  // An element fading or zooming in (a dialog's OK button, a toast) is drawn at part opacity, which axe
  // reads as a contrast failure.
  await animationsDone(page);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, limit)
          .map((n) => `${n.target.join(' ')} «${n.html.slice(0, 120)}»`)
          .join(', ')}`,
    );
};
