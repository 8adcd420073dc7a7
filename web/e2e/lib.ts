// What the browser test files share: the phone viewport, axe-core's findings, and what a failed test
// leaves behind for whoever reads the CI log.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ProductStack } from '@hs/testing';
import type { Page } from 'playwright-core';
import type { TestContext } from 'vitest';

export const ARTIFACTS = 'test-artifacts';

/** The narrowest phone the product supports. */
export const PHONE = { width: 360, height: 740 };

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is. */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const axe = (window as any).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return (r.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/**
 * An afterEach hook: when the test failed, the stack's output goes to `<name>-stack.log` and a
 * screenshot of `page()` (the page the test was on) to `<name>-failed.png` under test-artifacts/.
 */
export function keepFailureArtifacts(
  name: string,
  stack: () => ProductStack | undefined,
  page: () => Page | undefined,
): (ctx: TestContext) => Promise<void> {
  return async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const output = stack()?.output();
    if (output !== undefined) writeFileSync(`${ARTIFACTS}/${name}-stack.log`, output);
    await page()
      ?.screenshot({ path: `${ARTIFACTS}/${name}-failed.png`, fullPage: true })
      .catch(() => {});
  };
}
