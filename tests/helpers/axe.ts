import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './server.js';

const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page as it is now and returns every violation (WCAG 2.x A/AA and best practices). The
 * script goes in through the DevTools protocol, so the app's Content-Security-Policy stays as strict as in
 * production.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // A dialog fading in is still half transparent: contrast measured mid-animation is not what a person reads.
  // Endless ones (spinners) are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
}

/** Fails with a readable list when axe-core finds any violation on the page; `where` names the screen. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length === 0) return;
  const lines = violations.map((v) => `  ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.targets.slice(0, 5).join('\n    ')}`);
  throw new Error(`axe-core found ${violations.length} violation(s) on ${where}:\n${lines.join('\n')}`);
}
