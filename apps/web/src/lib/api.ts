/**
 * The dashboard's only way to the REST API: same origin, JSON, the session token from sign-in, the chosen
 * organisation. Every failure becomes an {@link ApiFailure} carrying the API's error shape
 * (`{"error":{code,message,remedy?,details?},"request_id"}`) so pages can show the message and the remedy.
 */

import { i18n } from './i18n';
import { navigate } from './router';

const TOKEN_KEY = 'gsm.session';
const ORG_KEY = 'gsm.org';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly remedy: string | null,
    readonly details: Record<string, unknown> | null,
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

/** The failure of a request that never got an answer (no network, or the stream broke off), in the reader's language. */
export function networkFailure(what: 'unreachable' | 'connectionLost' = 'unreachable'): ApiFailure {
  const t = (key: string) => i18n.t(key, { ns: 'common' });
  return new ApiFailure(0, 'NetworkError', t(`errors.${what}`), t('errors.networkRemedy'), null, null);
}

/** Any thrown value as the API's error shape, so every failure shows a message and a remedy. */
export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiFailure(0, 'ClientError', message, i18n.t('errors.clientRemedy', { ns: 'common' }), null, null);
}

/**
 * The field problems of a 400 ValidationFailed (`details.fields: [{ field, problem }]`), each path without its
 * `body.` prefix (empty without any). Every form puts these on its own fields.
 */
export function fieldProblems(details: Record<string, unknown> | null | undefined): [field: string, problem: string][] {
  const fields = details?.fields;
  if (!Array.isArray(fields)) return [];
  return (fields as { field?: unknown; problem?: unknown }[])
    .filter(
      (f): f is { field: string; problem: string } => typeof f.field === 'string' && typeof f.problem === 'string',
    )
    .map((f) => [f.field.replace(/^body\./, ''), f.problem]);
}

type Listener = () => void;
const listeners = new Set<Listener>();

export const session = {
  token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  set(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
    listeners.forEach((l) => l());
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(ORG_KEY);
    listeners.forEach((l) => l());
  },
  /** The organisation the dashboard acts in (X-Org-Id); null = the personal one. */
  orgId(): string | null {
    return localStorage.getItem(ORG_KEY);
  },
  setOrg(orgId: string | null): void {
    if (orgId) localStorage.setItem(ORG_KEY, orgId);
    else localStorage.removeItem(ORG_KEY);
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Calls the API; resolves with the JSON body (undefined for 204), rejects with {@link ApiFailure}. */
export async function api<T>(method: string, path: string, body?: unknown, opts: { auth?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = opts.auth === false ? null : session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  const org = session.orgId();
  if (token && org) headers['x-org-id'] = org;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw networkFailure();
  }
  return (await plainAnswer(res, token)) as T;
}

/** A plain JSON answer, as `api()` and the NDJSON reader read it: the body of a 2xx, else an {@link ApiFailure} in the API's shape. */
export async function plainAnswer(res: Response, token: string | null): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (res.ok) return json;
  const e =
    (json as {
      error?: { code?: string; message?: string; remedy?: string; details?: Record<string, unknown> };
      request_id?: string;
    } | null) ?? {};
  const err = e.error ?? {};
  if (res.status === 401 && token) session.clear();
  // The organisation requires two factors and the user has none: the Security settings are where to enrol.
  if (res.status === 403 && err.code === 'TwoFactorRequired') twoFactorRequired();
  throw new ApiFailure(
    res.status,
    err.code ?? `HTTP${res.status}`,
    err.message ?? i18n.t('errors.requestFailed', { ns: 'common', status: res.status }),
    err.remedy ?? null,
    err.details ?? null,
    e.request_id ?? null,
  );
}

/** Where Socket.IO lives: the api-gateway tells (`GET /api/v1/client-config`), else the same origin. */
let realtimeUrl: Promise<string | null> | null = null;
export function realtimeBase(): Promise<string | null> {
  realtimeUrl ??= api<{ realtime_url: string | null }>('GET', '/api/v1/client-config', undefined, { auth: false })
    .then((c) => c.realtime_url)
    .catch(() => null);
  return realtimeUrl;
}

const SECURITY_PAGE = '/settings/security';

/** Leads a user refused for want of a second factor to the Security settings (once: not while already there). */
function twoFactorRequired(): void {
  if (typeof location === 'undefined' || location.pathname === SECURITY_PAGE) return;
  try {
    navigate(SECURITY_PAGE);
  } catch {
    // No router (a test of one component): the error shows where the request was made.
  }
}
