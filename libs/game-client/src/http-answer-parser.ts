// The answer side of plain-http-get.ts: an HTTP/1.1 response read from the chunks of one connection, as strict as
// node:http's parser (llhttp) where it matters here: a malformed status line or header, a header section over 16 KiB,
// a bad or duplicate Content-Length, Content-Length beside Transfer-Encoding and a malformed chunk all fail the
// exchange (node:http's "Parse Error", a reset); bodies by Content-Length, chunked, or up to the close.
import type { AnswerMeter } from './answer-limits';

/** One HTTP exchange's result: status, headers and body text. */
export interface RawResponse {
  status: number;
  contentType: string;
  contentDisposition: string | null;
  text: string;
}

/** node:http's default --max-http-header-size: the status line and the headers together. */
export const MAX_HEAD_BYTES = 16 * 1024;
/** A chunk-size line (hex digits and extensions) longer than this is refused. */
const MAX_CHUNK_LINE = 1024;

const CRLF2 = Buffer.from('\r\n\r\n', 'latin1');
// llhttp's versions (0.9, 1.0, 1.1, 2.0), three digits of status, any reason phrase.
const STATUS_LINE = /^HTTP\/(?:0\.9|1\.[01]|2\.0) ([0-9]{3})(?: [^\r\n]*)?$/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Header values: HTAB, visible ASCII, space, obs-text.
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const DIGITS = /^[0-9]+$/;
const CHUNK_SIZE = /^([0-9A-Fa-f]+)[ \t]*(?:;[^\r\n]*)?$/;

/** A header value without its surrounding spaces and tabs. */
const trim = (value: string): string => value.replace(/^[ \t]+|[ \t]+$/g, '');

/** Whether data[from, to) has a line feed without a carriage return before it (llhttp refuses those). */
function bareLf(data: Buffer, from: number, to: number): boolean {
  for (let i = data.indexOf(0x0a, from); i >= 0 && i < to; i = data.indexOf(0x0a, i + 1)) {
    if (i === from || data[i - 1] !== 0x0d) return true;
  }
  return false;
}

/** A malformed answer: node:http's error for it (`HPE_*`, "Parse Error: ..."), classified as a reset. */
export function parseError(code: string, reason: string): Error {
  return Object.assign(new Error(`Parse Error: ${reason}`), { code });
}

type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'close' | 'done';

/** Reads one HTTP/1.1 answer; `push` returns it once complete, `end` at the connection's close (null: cut off). */
export class HttpAnswerParser {
  private state: State = 'head';
  /** Bytes not consumed yet (a partial head, chunk-size line or chunk terminator). */
  private pending: Buffer | null = null;
  private status = 0;
  private contentType = '';
  private sawContentType = false;
  private contentDisposition: string | null = null;
  private remaining = 0;
  private readonly body: Buffer[] = [];

  constructor(private readonly meter: AnswerMeter) {}

  /** Feeds the next chunk of the connection; the answer once it is complete, null while more is needed. */
  push(chunk: Buffer): RawResponse | null {
    const data: Buffer = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let at = 0;
    while (at < data.length || this.state === 'done') {
      switch (this.state) {
        case 'head': {
          const end = data.indexOf(CRLF2, at);
          if (bareLf(data, at, end < 0 ? data.length : end + 4))
            throw parseError('HPE_CR_EXPECTED', 'Missing expected CR');
          if (end < 0 || end - at + 4 > MAX_HEAD_BYTES) {
            if (data.length - at > MAX_HEAD_BYTES || end >= 0)
              throw parseError('HPE_HEADER_OVERFLOW', 'Header overflow');
            this.pending = data.subarray(at);
            return null;
          }
          this.head(data.toString('latin1', at, end));
          at = end + 4;
          break;
        }
        case 'length': {
          const take = Math.min(this.remaining, data.length - at);
          this.data(data.subarray(at, at + take));
          at += take;
          this.remaining -= take;
          if (this.remaining === 0) this.state = 'done';
          break;
        }
        case 'close':
          this.data(at === 0 ? data : data.subarray(at));
          return null;
        case 'chunk-size':
        case 'chunk-end':
        case 'trailers': {
          const eol = data.indexOf(0x0a, at);
          if (eol < 0) {
            if (data.length - at > (this.state === 'trailers' ? MAX_HEAD_BYTES : MAX_CHUNK_LINE)) {
              throw parseError('HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size');
            }
            this.pending = data.subarray(at);
            return null;
          }
          if (data[eol - 1] !== 0x0d || eol - 1 < at) throw parseError('HPE_CR_EXPECTED', 'Missing expected CR');
          this.line(data.toString('latin1', at, eol - 1));
          at = eol + 1;
          break;
        }
        case 'chunk-data': {
          const take = Math.min(this.remaining, data.length - at);
          this.data(data.subarray(at, at + take));
          at += take;
          this.remaining -= take;
          if (this.remaining === 0) this.state = 'chunk-end';
          break;
        }
        case 'done':
          // node:http reads bytes after the answer in the same read as the start of another one, and fails on them.
          if (at < data.length) throw parseError('HPE_DATA_AFTER_END', 'Data after the end of the answer');
          return this.answer();
      }
    }
    return null;
  }

  /** The connection closed: the answer if it was complete or delimited by the close, else null. */
  end(): RawResponse | null {
    if (this.state === 'close' || this.state === 'done') return this.answer();
    return null;
  }

  private answer(): RawResponse {
    this.state = 'done';
    const body = this.body;
    return {
      status: this.status,
      contentType: this.contentType,
      contentDisposition: this.contentDisposition,
      text: body.length === 1 ? body[0]!.toString('utf8') : Buffer.concat(body).toString('utf8'),
    };
  }

  private data(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.meter.push(bytes);
    this.body.push(bytes);
  }

  /** A chunk-size line, a chunk's CRLF terminator, or a trailer line. */
  private line(text: string): void {
    if (this.state === 'chunk-end') {
      if (text !== '') throw parseError('HPE_STRICT', 'Expected LF after chunk data');
      this.state = 'chunk-size';
    } else if (this.state === 'chunk-size') {
      const size = CHUNK_SIZE.exec(text);
      if (!size || size[1]!.length > 13) throw parseError('HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size');
      this.remaining = parseInt(size[1]!, 16);
      this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
    } else if (text === '') {
      this.state = 'done';
    } else {
      const colon = text.indexOf(':');
      if (!TOKEN.test(colon > 0 ? text.slice(0, colon) : '') || !VALUE.test(trim(text.slice(colon + 1)))) {
        throw parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid trailer');
      }
    }
  }

  /** The status line and headers (without the blank line). */
  private head(text: string): void {
    const lines = text.split('\r\n');
    const status = STATUS_LINE.exec(lines[0]!);
    if (!status) throw parseError('HPE_INVALID_CONSTANT', 'Expected HTTP/');
    this.status = Number(status[1]);
    let length: string | undefined;
    let chunked = false;
    let transferEncoding = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      const name = colon > 0 ? line.slice(0, colon) : '';
      if (!TOKEN.test(name)) throw parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header token');
      const value = trim(line.slice(colon + 1));
      if (!VALUE.test(value)) throw parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header value char');
      switch (name.toLowerCase()) {
        case 'content-length':
          if (length !== undefined) throw parseError('HPE_UNEXPECTED_CONTENT_LENGTH', 'Duplicate Content-Length');
          if (!DIGITS.test(value) || value.length > 15) {
            throw parseError('HPE_INVALID_CONTENT_LENGTH', 'Invalid character in Content-Length');
          }
          length = value;
          break;
        case 'transfer-encoding':
          transferEncoding = true;
          chunked = /(?:^|,)[ \t]*chunked[ \t]*$/i.test(value);
          break;
        case 'content-type':
          if (this.contentType === '' && !this.sawContentType) this.contentType = value;
          this.sawContentType = true;
          break;
        case 'content-disposition':
          this.contentDisposition = this.contentDisposition === null ? value : `${this.contentDisposition}, ${value}`;
          break;
      }
    }
    if (length !== undefined && transferEncoding) {
      throw parseError('HPE_UNEXPECTED_CONTENT_LENGTH', "Content-Length can't be present with Transfer-Encoding");
    }
    if (this.status >= 100 && this.status < 200) {
      // node:http passes informational answers by (100 Continue, 103 Early Hints) and reads the next one.
      if (this.status === 101) throw parseError('HPE_PAUSED_UPGRADE', 'Unexpected upgrade');
      this.contentType = '';
      this.contentDisposition = null;
      this.sawContentType = false;
      return;
    }
    this.meter.declared(length);
    if (this.status === 204 || this.status === 304) this.state = 'done';
    else if (chunked) this.state = 'chunk-size';
    else if (length !== undefined) {
      this.remaining = Number(length);
      this.state = this.remaining === 0 ? 'done' : 'length';
    } else this.state = 'close';
  }
}
