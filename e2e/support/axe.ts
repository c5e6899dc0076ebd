import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let axeSource: Promise<string> | undefined;

/** axe-core's serious and critical findings on the page as it is now, or within `selector`. */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Through the debugging protocol: the page's own CSP rightly refuses inline scripts.
  await page.evaluate(await axeSource);
  const violations = (await page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: { run: (context?: string) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return (await (context ? axe.run(context) : axe.run())).violations;
  }, selector)) as Violation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
