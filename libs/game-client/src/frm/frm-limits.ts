// Caps on what the FRM parsers hand on to be stored: records per kind, text lengths and numbers' ranges. The byte and
// structure caps are checked while the answer streams in (answer-limits.ts); these are checked on the parsed
// records, whichever way they came (FRM's port or the game's proxy). Over a cap the whole poll is refused (the
// client turns FrmLimitError into `answer_too_large`): a server that sends such values is not a source to store.
import { DEFAULT_MAX_RECORDS, MAX_RECORDS } from '../answer-limits';

/** Characters of one text field (names, class names, recipes, session names). */
export const MAX_TEXT_CHARS = 1024;
/** Largest magnitude of a number (megawatts, items per minute, sink points: all far below). */
export const MAX_ABS_NUMBER = 1e15;
/** Nesting of a parsed record (records hold lists of items at most: 3 levels). */
const MAX_RECORD_DEPTH = 8;

/** A parsed answer over a cap; `detail` says which ("a text of 5000 characters in Name"). */
export class FrmLimitError extends Error {
  constructor(
    readonly endpoint: string,
    readonly detail: string,
  ) {
    super(`${endpoint}: sent ${detail}`);
    this.name = 'FrmLimitError';
  }
}

/** The records cap of an endpoint (answer-limits.ts MAX_RECORDS). */
export function maxRecordsOf(endpoint: string): number {
  return Object.hasOwn(MAX_RECORDS, endpoint) ? MAX_RECORDS[endpoint]! : DEFAULT_MAX_RECORDS;
}

/** Refuses a list with more items than the endpoint's records cap, before any item is parsed. */
export function checkCount(endpoint: string, items: readonly unknown[]): void {
  const max = maxRecordsOf(endpoint);
  if (items.length > max) {
    throw new FrmLimitError(
      endpoint,
      `${items.length.toLocaleString('en')} records, more than ${max.toLocaleString('en')}`,
    );
  }
}

/**
 * Checks a parser's result (a `Parsed` list, or one record) and returns it: every list within the endpoint's records
 * cap, every text within MAX_TEXT_CHARS, every number within ±MAX_ABS_NUMBER.
 * @throws FrmLimitError naming the first value over a cap.
 */
export function checkParsed<T>(endpoint: string, result: T): T {
  const max = maxRecordsOf(endpoint);
  const walk = (value: unknown, field: string, depth: number): void => {
    if (typeof value === 'string') {
      if (value.length > MAX_TEXT_CHARS)
        throw new FrmLimitError(
          endpoint,
          `a text of ${value.length} characters in ${field} (at most ${MAX_TEXT_CHARS})`,
        );
    } else if (typeof value === 'number') {
      if (!(Math.abs(value) <= MAX_ABS_NUMBER))
        throw new FrmLimitError(endpoint, `a number out of range in ${field} (${value}; at most ±${MAX_ABS_NUMBER})`);
    } else if (typeof value === 'object' && value !== null) {
      if (depth > MAX_RECORD_DEPTH) throw new FrmLimitError(endpoint, `records nested deeper than ${MAX_RECORD_DEPTH}`);
      if (Array.isArray(value)) {
        if (value.length > max)
          throw new FrmLimitError(
            endpoint,
            `a list of ${value.length.toLocaleString('en')} in ${field} (at most ${max})`,
          );
        for (const item of value) walk(item, field, depth + 1);
      } else {
        for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], key, depth + 1);
      }
    }
  };
  walk(result, 'the answer', 0);
  return result;
}
