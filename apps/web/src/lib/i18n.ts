import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/**
 * The dashboard's languages. Texts live in `src/locales/<language>/<namespace>.json`, one namespace per feature
 * (`common` for the frame and shared components). English ships in the first page's bundle and is the fallback;
 * every other language is a lazily loaded chunk. The language is the user's saved choice, else the browser's.
 * Adding a language: copy `locales/en`, translate, add it to LANGUAGES (the unit test fails while a key is missing).
 */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's name in itself (the header's picker). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  nl: 'Nederlands',
};
export const NAMESPACES = [
  'common',
  'live',
  'diagnostics',
  'auth',
  'servers',
  'dashboard',
  'alerts',
  'settings',
  'share',
  'account',
  'sessions',
  'invitations',
  'security',
  'sso',
  'players',
  'statuspage',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Where the detector keeps the choice (also written after sign-in from the user's saved locale). */
export const LOCALE_KEY = 'gsm.locale';

type Resource = Record<string, unknown>;
const english = import.meta.glob<Resource>('../locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<Resource>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' });

const fileOf = (language: string, namespace: string) => `../locales/${language}/${namespace}.json`;

const bundled: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const eager = english[fileOf(language, namespace)];
    if (eager) return callback(null, eager);
    const load = others[fileOf(language, namespace)];
    if (!load) return callback(null, {});
    load().then(
      (resource) => callback(null, resource),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language in use (one of LANGUAGES). */
export function currentLanguage(): Language {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(l) ? l : 'en';
}

void i18n
  .use(bundled)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // Said explicitly, so i18next does not test every key for "natural language" (a regular expression per t()
    // call, a tenth of a render's time on a dashboard); our keys are paths, `namespace:` only where written so.
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: LOCALE_KEY, caches: ['localStorage'] },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', () => {
  document.documentElement.lang = currentLanguage();
});
document.documentElement.lang = currentLanguage();

export { i18n };
