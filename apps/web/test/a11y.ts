import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { shot } from './browser-harness';

/**
 * The accessibility bar of every page: axe-core (WCAG 2.1 A/AA rules) finds no serious or critical violation in the
 * light theme, the dark theme and the phone layout; each look is saved as a screenshot (test-results/screenshots/).
 */
export const LOOKS = ['light', 'dark', 'phone'] as const;
export type Look = (typeof LOOKS)[number];

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function setLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize(look === 'phone' ? PHONE : DESKTOP);
  const theme = look === 'dark' ? 'dark' : 'light';
  await page.evaluate((t) => {
    const w = globalThis as unknown as {
      localStorage: Storage;
      document: { documentElement: { dataset: Record<string, string> } };
    };
    w.localStorage.setItem('gsm.theme', t);
    w.document.documentElement.dataset.theme = t;
  }, theme);
  await page.waitForTimeout(150);
}

/** The serious and critical violations on the page as it is now, one line each (rule, impact, where). */
export async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} - ${n.failureSummary?.split('\n')[1] ?? v.help}`,
      ),
    );
}

/**
 * Checks the open page in every look and saves `<name>-<look>.png`; throws listing every violation. Leaves the page
 * in the light desktop look.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const found: string[] = [];
  for (const look of LOOKS) {
    await setLook(page, look);
    await shot(page, `${name}-${look}`);
    for (const v of await violations(page)) found.push(`[${look}] ${v}`);
  }
  await setLook(page, 'light');
  if (found.length)
    throw new Error(`axe found ${found.length} serious/critical violation(s) on ${name}:\n${found.join('\n')}`);
}
