/**
 * Alert messages in the languages of the platform: one catalogue per language (en, de, es, fr, nl), the words a
 * message is stored with, and the function that says them in a channel's language.
 */
export type { Catalogue, PhraseWords, RenderWords, RuleWords } from './catalogue';
export { catalogue, CATALOGUES } from './catalogues';
export { ENGLISH_FORMATS, intlFormats, type Formats } from './formats';
export { localize, sayInstance, sayMessage, type SaidMessage } from './say';
export type * from './words';
