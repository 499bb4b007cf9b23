// Caps on what one game server may send back. A registered server is untrusted: without caps one hostile (or broken)
// server can send a body of any size or millions of records, and the poller every tenant shares reads it all into
// memory. The caps are checked while the body streams in, and the request is aborted at the first byte over a cap.
import { GameClientError, type GameTransportKind } from './errors';

export const MiB = 1024 * 1024;

/** The byte caps an operator configures (POLLER_MAX_ANSWER_BYTES, POLLER_MAX_FACTORY_ANSWER_BYTES). */
export interface AnswerCaps {
  /** Every answer but getFactory's. Default 1 MiB. */
  answerBytes: number;
  /** getFactory (every building of the save in one answer). Default 8 MiB. */
  factoryAnswerBytes: number;
}

export const DEFAULT_ANSWER_CAPS: Readonly<AnswerCaps> = { answerBytes: 1 * MiB, factoryAnswerBytes: 8 * MiB };

/** A total across the answers in flight ({@link AnswerBudget} of answer-budget.ts). */
export interface InFlightBudget {
  take(bytes: number): boolean;
  release(bytes: number): void;
  exceeded(what: string, readBytes: number, transport?: GameTransportKind): GameClientError;
}

/** The limits one answer is checked against while it streams in. */
export interface AnswerLimits {
  /** What was asked (an FRM endpoint such as `getFactory`, or a game API function such as `HealthCheck`). */
  what: string;
  maxBytes: number;
  /** Entries of the top-level array or object (FRM's records). */
  maxRecords: number;
  /** Nesting of arrays and objects (FRM's deepest shape is 5 levels). */
  maxDepth: number;
  /** Bytes of one JSON string (names, class names, recipes are short). */
  maxStringBytes: number;
}

/** Nesting depth of any answer. */
export const MAX_DEPTH = 32;
/** Bytes of one JSON string. */
export const MAX_STRING_BYTES = 16 * 1024;
/** Records of an endpoint not listed in {@link MAX_RECORDS}. */
export const DEFAULT_MAX_RECORDS = 20_000;
/**
 * Records per FRM endpoint: far above the largest saves (a 2,000-hour save has ~10,000 production buildings), far
 * below what would hurt the shared poller.
 */
export const MAX_RECORDS: Readonly<Record<string, number>> = {
  getFactory: 100_000,
  getProdStats: 5_000,
  getPower: 5_000,
  getPlayer: 1_000,
  getTrains: 5_000,
  getDrone: 5_000,
  getDroneStation: 5_000,
  getGenerators: 20_000,
  getExtractor: 20_000,
  getStorageInv: 50_000,
  getWorldInv: 5_000,
  getCloudInv: 5_000,
  getResourceSink: 100,
  getSessionInfo: 100,
};

/** The limits of one answer: getFactory gets the factory cap, everything else (game API included) the general one. */
export function answerLimits(what: string, caps: AnswerCaps = DEFAULT_ANSWER_CAPS): AnswerLimits {
  return {
    what,
    maxBytes: what === 'getFactory' ? caps.factoryAnswerBytes : caps.answerBytes,
    maxRecords: Object.hasOwn(MAX_RECORDS, what) ? MAX_RECORDS[what]! : DEFAULT_MAX_RECORDS,
    maxDepth: MAX_DEPTH,
    maxStringBytes: MAX_STRING_BYTES,
  };
}

/** Reads the byte caps from a service's config, keeping the defaults for what is not set. */
export function answerCapsOf(config: { POLLER_MAX_ANSWER_BYTES?: number; POLLER_MAX_FACTORY_ANSWER_BYTES?: number }) {
  return {
    answerBytes: config.POLLER_MAX_ANSWER_BYTES ?? DEFAULT_ANSWER_CAPS.answerBytes,
    factoryAnswerBytes: config.POLLER_MAX_FACTORY_ANSWER_BYTES ?? DEFAULT_ANSWER_CAPS.factoryAnswerBytes,
  } satisfies AnswerCaps;
}

/** 8388608 -> "8 MiB", 1500 -> "1500 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= MiB) return `${(bytes / MiB).toFixed(1)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The error of an answer over a cap: `answer_too_large`, with what the server sent and what happens. The poll is
 * dropped (nothing stored), not retried through another path, and does not make the add-on count as unavailable.
 */
export function answerTooLarge(what: string, detail: string, transport?: GameTransportKind): GameClientError {
  return new GameClientError(
    'answer_too_large',
    `answer too large: ${what} sent ${detail}; the poll was dropped and nothing was stored. A healthy server ` +
      'answers far below this: check the game server and its add-on (FRM).',
    transport ? { transport } : {},
  );
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * Meters one answer as its chunks arrive: bytes, and for a JSON array or object body also nesting depth, string
 * lengths and top-level entries (records), without parsing it. `push` throws the `answer_too_large` error at the first
 * chunk over a cap; the caller aborts the request. A body that is not a JSON array or object (an HTML page, a bare
 * value) is metered by bytes only: it is refused later as not the game API or not JSON. With a `budget`, every chunk
 * is reserved in it too (the total across answers in flight) and {@link release} gives it back.
 */
export class AnswerMeter {
  bytes = 0;
  records = 0;
  private mode: 'start' | 'json' | 'bytes' = 'start';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private stringBytes = 0;
  /** At depth 1, the next value (or key) starts a new top-level entry. */
  private expectEntry = false;
  /** Bytes reserved in the budget, and whether they were given back. */
  private reserved = 0;
  private released = false;

  constructor(
    readonly limits: AnswerLimits,
    private readonly transport?: GameTransportKind,
    private readonly budget?: InFlightBudget,
  ) {}

  /** Checks a declared Content-Length before any byte is read. */
  declared(length: string | string[] | undefined): void {
    const value = Number(Array.isArray(length) ? length[0] : length);
    if (Number.isFinite(value) && value > this.limits.maxBytes) {
      throw this.fail(
        `a body of ${formatBytes(value)} (Content-Length), more than ${formatBytes(this.limits.maxBytes)}`,
      );
    }
  }

  push(chunk: Uint8Array): void {
    if (this.budget && !this.released) {
      if (!this.budget.take(chunk.length)) throw this.budget.exceeded(this.limits.what, this.bytes, this.transport);
      this.reserved += chunk.length;
    }
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxBytes) throw this.fail(`more than ${formatBytes(this.limits.maxBytes)}`);
    if (this.mode !== 'bytes') this.scan(chunk);
  }

  /** Gives the answer's bytes back to the budget (once the answer was read, or dropped); later chunks reserve none. */
  release(): void {
    this.budget?.release(this.reserved);
    this.reserved = 0;
    this.released = true;
  }

  private scan(chunk: Uint8Array): void {
    const { maxDepth, maxRecords, maxStringBytes } = this.limits;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) {
          this.inString = false;
          continue;
        }
        if (++this.stringBytes > maxStringBytes) throw this.fail(`a string longer than ${formatBytes(maxStringBytes)}`);
        continue;
      }
      if (isSpace(b)) continue;
      if (this.mode === 'start') {
        if (b !== OPEN_ARRAY && b !== OPEN_OBJECT) {
          this.mode = 'bytes';
          return;
        }
        this.mode = 'json';
      }
      if (this.depth === 1 && this.expectEntry && b !== CLOSE_ARRAY && b !== CLOSE_OBJECT) {
        this.expectEntry = false;
        if (++this.records > maxRecords) throw this.fail(`more than ${maxRecords.toLocaleString('en')} records`);
      }
      if (b === QUOTE) {
        this.inString = true;
        this.stringBytes = 0;
      } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        if (++this.depth > maxDepth) throw this.fail(`JSON nested more than ${maxDepth} levels deep`);
        if (this.depth === 1) this.expectEntry = true;
      } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
        this.depth--;
      } else if (b === COMMA && this.depth === 1) {
        this.expectEntry = true;
      }
    }
  }

  private fail(detail: string): GameClientError {
    return answerTooLarge(this.limits.what, detail, this.transport);
  }
}
