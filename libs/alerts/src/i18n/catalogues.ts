import type { Locale } from '@app/contracts';
import type { Catalogue } from './catalogue';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { nl } from './nl';

/** The catalogue of every language; a new `Locale` without one does not compile. */
export const CATALOGUES: Readonly<Record<Locale, Catalogue>> = Object.freeze({ en, de, es, fr, nl });

/** The catalogue of a language; English for one that is not known (a value from an older or newer release). */
export function catalogue(locale: string | null | undefined): Catalogue {
  return Object.hasOwn(CATALOGUES, locale ?? '') ? CATALOGUES[locale as Locale] : en;
}
