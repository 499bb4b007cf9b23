import { ApiFailure, networkFailure, plainAnswer, session } from './api';

/**
 * Calls to API routes that can answer live with `Accept: application/x-ndjson` (one JSON object per line, each
 * sent as soon as it is known), read with a `ReadableStream` reader. Same origin, token and organisation as
 * {@link api}; an answer that is not NDJSON (e.g. a 4xx before the work started) is handled as `api` does: a 2xx
 * JSON body is returned, an error rejects with {@link ApiFailure}.
 */

export const NDJSON = 'application/x-ndjson';

/** How the API answered: streamed lines (passed to `onLine`), or one plain JSON body. */
export type NdjsonAnswer = { kind: 'stream'; lines: number } | { kind: 'json'; body: unknown };

/** The last line of a streamed answer that failed: the status and error the JSON answer would have had. */
export interface NdjsonErrorLine {
  type: 'error';
  status: number;
  error: { code: string; message: string; remedy?: string; details?: Record<string, unknown> };
  request_id?: string;
}

/** The same failure `api()` would raise for an error line's status and error. */
export function failureOfLine(line: NdjsonErrorLine): ApiFailure {
  return new ApiFailure(
    line.status,
    line.error.code,
    line.error.message,
    line.error.remedy ?? null,
    line.error.details ?? null,
    line.request_id ?? null,
  );
}

/**
 * Sends the request asking for NDJSON; calls `onLine` with each parsed line as it arrives and resolves once the
 * answer ended. Rejects with {@link ApiFailure} for a non-NDJSON error answer or a connection lost mid-way.
 */
export async function apiNdjson<L>(
  method: string,
  path: string,
  body: unknown,
  onLine: (line: L) => void,
): Promise<NdjsonAnswer> {
  const headers: Record<string, string> = { accept: `${NDJSON}, application/json;q=0.5` };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  const org = session.orgId();
  if (token && org) headers['x-org-id'] = org;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw networkFailure();
  }
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && type.startsWith(NDJSON) && res.body)
    return { kind: 'stream', lines: await readLines(res.body, onLine) };
  return { kind: 'json', body: await plainAnswer(res, token) };
}

async function readLines<L>(stream: ReadableStream<Uint8Array>, onLine: (line: L) => void): Promise<number> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let count = 0;
  const emit = (raw: string) => {
    if (!raw.trim()) return;
    count++;
    onLine(JSON.parse(raw) as L);
  };
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw networkFailure('connectionLost');
      }
      if (chunk.done) break;
      pending += decoder.decode(chunk.value, { stream: true });
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        emit(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
      }
    }
    emit(pending + decoder.decode());
  } finally {
    reader.releaseLock();
  }
  return count;
}
