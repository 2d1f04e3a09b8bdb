import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: number;
  /** The elements' selectors, so a failing test says where. */
  targets: string[];
}

type AxeRun = (
  context: Document,
  options: object,
) => Promise<{ violations: { id: string; impact: AxeViolation['impact']; help: string; nodes: { target: unknown[] }[] }[] }>;

/** The contexts made to check a page without JavaScript: not themselves checked on `goto`. */
export const axeCopies = new WeakSet<BrowserContext>();

/**
 * axe-core on what the page shows now: the WCAG 2.x A/AA rules, axe's best practices and its
 * experimental rules (label-content-name-mismatch is one), so a check is as strict as axe can be. axe needs JavaScript in the page, so a
 * page that runs without it is checked as a copy: its HTML, served at its own address to a page
 * with JavaScript on (the app's scripts held back, so nothing hydrates and changes it), with the
 * same styles and viewport.
 */
export async function axeViolations(page: Page, { javaScript = true }: { javaScript?: boolean } = {}): Promise<AxeViolation[]> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const browser = page.context().browser();
  if (javaScript || !browser) return run(page, await source);

  const copyContext = await browser.newContext({ bypassCSP: true, viewport: page.viewportSize(), locale: 'nl-NL' });
  axeCopies.add(copyContext);
  try {
    const copy = await copyContext.newPage();
    const url = page.url();
    const html = await page.content();
    await copy.route('**/*', (route) => {
      if (route.request().url() === url && route.request().resourceType() === 'document')
        return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
      if (route.request().resourceType() === 'script') return route.abort();
      return route.continue();
    });
    await copy.goto(url);
    return await run(copy, await source);
  } finally {
    await copyContext.close();
  }
}

async function run(page: Page, axeSource: string): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: AxeRun } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.length,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}
