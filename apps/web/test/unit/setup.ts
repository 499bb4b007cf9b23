// Every unit test starts in English with an empty localStorage; jsdom lacks matchMedia, which the theme reads.
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';

if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

beforeAll(async () => {
  const { i18n } = await import('../../src/lib/i18n');
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
