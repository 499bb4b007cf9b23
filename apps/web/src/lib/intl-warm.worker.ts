/**
 * A worker that only builds a few Intl formatters and says so. The first Intl number or date formatter of a page
 * costs 40-400 ms (ICU loads its data), once for the whole browser process: built here, on the worker's thread,
 * the page's own first formatters cost a fraction of a millisecond instead of a long task on the main thread.
 * The language comes as the worker's name.
 */
const language = (globalThis as unknown as { name?: string }).name || 'en';
try {
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(1234.5);
  new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(1);
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date());
} finally {
  (globalThis as unknown as { postMessage(message: unknown): void }).postMessage('warm');
}
