import type { Page } from 'playwright-core';

/** The browser's document as these helpers read it (the tests are type-checked without the DOM library). */
export interface PageElement {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
}
export interface PageDocument {
  activeElement: PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}

export type Focused = { tag: string; name: string; text: string };

/** What has the focus: its tag, name attribute and text (to find it by Tab). */
export const focused = (p: Page): Promise<Focused> =>
  p.evaluate(() => {
    const el = (globalThis as unknown as { document: PageDocument }).document.activeElement;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      name: el?.getAttribute('name') ?? '',
      text: el?.textContent?.trim() ?? '',
    };
  });

/** Presses Tab until the focus is on the wanted element (at most `max` times): only the keyboard moves it. */
export async function tabTo(p: Page, wanted: { name?: string; text?: string }, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await p.keyboard.press('Tab');
    const f = await focused(p);
    if ((wanted.name && f.name === wanted.name) || (wanted.text && f.text === wanted.text)) return;
  }
  throw new Error(`Tab never reached ${JSON.stringify(wanted)}`);
}
