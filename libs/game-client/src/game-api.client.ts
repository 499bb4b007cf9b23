import { answerTooLarge } from './answer-limits';
import { GameClientError } from './errors';
import { checkParsed, FrmLimitError } from './frm/frm-limits';
import { origin, type GameTransport, type RawResponse } from './https-transport';
import { parseServerGameState, type ServerGameState } from './server-state';

/** Where the game API of one server is (the address the target guard checked). */
export interface GameApiTarget {
  address: string;
  port: number;
}

export interface GameApiOptions {
  /** Per-request deadline. Default 5 s. */
  timeoutMs?: number;
  /** The admin password, fetched (decrypted) only when a login is needed. */
  password?: () => string | Promise<string>;
}

/** Counters a caller (and the tests) can read: how often the client logged in and called. */
export interface GameApiStats {
  requests: number;
  logins: number;
}

interface Envelope {
  errorCode?: unknown;
  errorMessage?: unknown;
  data?: unknown;
}

const JSON_TYPE = /^application\/json\b/i;

/**
 * The game's HTTPS API of one server: `POST /api/v1` with `{function, data}`. Function errors arrive with HTTP
 * 200 and an errorCode body, so the body is always inspected. Logs in with PasswordLogin (Administrator), caches
 * the token, and on 401 / invalid_token logs in once more and retries once.
 */
export class GameApiClient {
  readonly stats: GameApiStats = { requests: 0, logins: 0 };
  private token: string | null = null;
  private pendingLogin: Promise<string> | null = null;
  private readonly url: string;

  constructor(
    private readonly transport: GameTransport,
    readonly target: GameApiTarget,
    private readonly options: GameApiOptions = {},
  ) {
    this.url = `${origin('https', target.address, target.port)}/api/v1`;
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 5000;
  }

  /** `healthy` above ten ticks per second, `slow` otherwise. No authentication. */
  async healthCheck(): Promise<{ health: string; latencyMs: number }> {
    const started = performance.now();
    const data = await this.call('HealthCheck', { clientCustomData: '' }, { auth: false });
    const health = (data as { health?: unknown } | undefined)?.health;
    if (typeof health !== 'string')
      throw new GameClientError('bad_json', 'HealthCheck answered without a health value', { transport: 'https' });
    return { health, latencyMs: performance.now() - started };
  }

  /** QueryServerState, normalised. */
  async queryServerState(): Promise<ServerGameState> {
    const state = parseServerGameState(await this.call('QueryServerState', {}, { auth: true }));
    try {
      checkParsed('QueryServerState', state);
    } catch (error) {
      if (error instanceof FrmLimitError) throw answerTooLarge('QueryServerState', error.detail, 'https');
      throw error;
    }
    if (!state)
      throw new GameClientError('bad_json', 'QueryServerState answered without serverGameState', {
        transport: 'https',
      });
    return state;
  }

  /** Logs in now (or joins a login in progress) and caches the token. */
  login(): Promise<string> {
    this.pendingLogin ??= this.doLogin().finally(() => (this.pendingLogin = null));
    return this.pendingLogin;
  }

  /** Forgets the cached token (e.g. after the admin password changed). */
  forgetToken(): void {
    this.token = null;
  }

  private async doLogin(): Promise<string> {
    if (!this.options.password) {
      throw new GameClientError('invalid_token', 'the server needs a login and no admin password is configured', {
        transport: 'https',
      });
    }
    const password = await this.options.password();
    this.stats.logins++;
    const data = await this.call(
      'PasswordLogin',
      { minimumPrivilegeLevel: 'Administrator', password },
      { auth: false },
    );
    const token = (data as { authenticationToken?: unknown } | undefined)?.authenticationToken;
    if (typeof token !== 'string' || token === '') {
      throw new GameClientError('bad_json', 'PasswordLogin answered without a token', { transport: 'https' });
    }
    this.token = token;
    return token;
  }

  /** FRM's proxy on the game port: `{"function":"frm","endpoint":...}` answers FRM's raw JSON. */
  async frmProxy(endpoint: string): Promise<unknown> {
    return this.call('frm', undefined, { auth: true, raw: true, extra: { endpoint } });
  }

  /**
   * Calls a function and returns its `data` (or, with `raw`, the whole body). Auth calls log in first when no
   * token is cached, and re-login once on 401 / invalid_token.
   */
  async call(
    fn: string,
    data: Record<string, unknown> | undefined,
    options: { auth: boolean; raw?: boolean; extra?: Record<string, unknown> },
  ): Promise<unknown> {
    if (options.auth && !this.token && this.options.password) await this.login();
    try {
      return await this.once(fn, data, options);
    } catch (error) {
      const rejected = error instanceof GameClientError && error.code === 'invalid_token';
      if (!options.auth || !rejected || !this.options.password) throw error;
      this.token = null;
      await this.login();
      return this.once(fn, data, options);
    }
  }

  private async once(
    fn: string,
    data: Record<string, unknown> | undefined,
    options: { auth: boolean; raw?: boolean; extra?: Record<string, unknown> },
  ): Promise<unknown> {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (options.auth && this.token) headers.authorization = `Bearer ${this.token}`;
    const body = JSON.stringify({ function: fn, ...(data ? { data } : {}), ...options.extra });
    this.stats.requests++;
    // The proxy's answer is FRM's: it gets the limits of the FRM endpoint asked (getFactory's are larger).
    const what = fn === 'frm' ? String(options.extra?.endpoint ?? fn) : fn;
    const res = await this.transport.send(
      this.url,
      { method: 'POST', headers, body, timeoutMs: this.timeoutMs },
      'https',
      what,
    );
    return interpret(fn, res, options.raw === true);
  }
}

/** Reads a game-API response: errorCode first (whatever the status), then success data. */
function interpret(fn: string, res: RawResponse, raw: boolean): unknown {
  if (res.status === 204) return undefined;
  let body: unknown;
  try {
    body = res.text === '' ? undefined : JSON.parse(res.text);
  } catch {
    if (!JSON_TYPE.test(res.contentType)) {
      throw new GameClientError(
        'not_game_api',
        `${fn}: the port answered HTTP ${res.status} with ${res.contentType || 'no content type'}, not the game API`,
        {
          transport: 'https',
          status: res.status,
        },
      );
    }
    throw new GameClientError('bad_json', `${fn}: the game answered with a body that is not valid JSON`, {
      transport: 'https',
      status: res.status,
    });
  }
  const envelope = (body && typeof body === 'object' ? body : {}) as Envelope;
  if (typeof envelope.errorCode === 'string') throw apiError(fn, res.status, envelope.errorCode, envelope.errorMessage);
  if (res.status === 401) throw apiError(fn, 401, 'invalid_token', 'HTTP 401');
  if (res.status < 200 || res.status >= 300) {
    throw new GameClientError('http_status', `${fn}: unexpected HTTP ${res.status}`, {
      transport: 'https',
      status: res.status,
    });
  }
  if (raw) return body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new GameClientError('not_game_api', `${fn}: the answer is not the game API's JSON envelope`, {
      transport: 'https',
      status: res.status,
    });
  }
  return envelope.data;
}

function apiError(fn: string, status: number, apiErrorCode: string, message: unknown): GameClientError {
  const text = typeof message === 'string' && message !== '' ? `: ${message.split('\n')[0]}` : '';
  const known: Record<string, GameClientError['code']> = {
    wrong_password: 'wrong_password',
    invalid_token: 'invalid_token',
    insufficient_scope: 'insufficient_scope',
    bad_function: 'bad_function',
  };
  // Own keys only: an errorCode such as "constructor" or "__proto__" must not read Object.prototype's members.
  const code = (Object.hasOwn(known, apiErrorCode) ? known[apiErrorCode] : undefined) ?? 'api_error';
  return new GameClientError(code, `${fn} failed with ${apiErrorCode}${text}`, {
    transport: 'https',
    status,
    apiErrorCode,
  });
}
