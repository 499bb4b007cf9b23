/** Why a call to a game server failed, in words the platform can act on. */
export type GameErrorCode =
  /** TCP connection refused: nothing listens (server stopped, or port blocked with a reject rule). */
  | 'refused'
  /** No answer in time: a firewall dropping packets, or an overloaded server. */
  | 'timeout'
  /** The connection was reset or closed in the middle of an exchange. */
  | 'reset'
  /** The TLS handshake failed. */
  | 'tls'
  /** The certificate differs from the one pinned at registration. */
  | 'fingerprint_mismatch'
  /** No route to the host, or the name does not resolve. */
  | 'unreachable'
  /** An unexpected HTTP status without an API error body. */
  | 'http_status'
  /** The body is not JSON, or not the shape the API promises. */
  | 'bad_json'
  /** The port answers, but not as the Satisfactory 1.0+ HTTPS API. */
  | 'not_game_api'
  /** PasswordLogin answered wrong_password: a configuration error, not an outage. */
  | 'wrong_password'
  /** The token was refused again right after a fresh login. */
  | 'invalid_token'
  /** The token lacks the privilege the function needs. */
  | 'insufficient_scope'
  /** The function does not exist on this server (e.g. the FRM proxy on some game versions). */
  | 'bad_function'
  /** Any other errorCode of the game API. */
  | 'api_error'
  /** FRM answered that the world is not ready (a save is loading). */
  | 'world_not_ready'
  /** FRM answered with an error (unknown endpoint, exception). */
  | 'frm_error'
  /** FRM is reachable neither on its port nor through the game's proxy. */
  | 'addon_unavailable'
  /**
   * The answer was over a cap (bytes, records, nesting, string length, a number's range): the request was aborted and
   * the poll dropped. Not retried through the proxy, and not a sign that the add-on is missing.
   */
  | 'answer_too_large';

/** Every code, for consumers that list or check them (the type above is the documentation of each). */
export const GAME_ERROR_CODES = [
  'refused',
  'timeout',
  'reset',
  'tls',
  'fingerprint_mismatch',
  'unreachable',
  'http_status',
  'bad_json',
  'not_game_api',
  'wrong_password',
  'invalid_token',
  'insufficient_scope',
  'bad_function',
  'api_error',
  'world_not_ready',
  'frm_error',
  'addon_unavailable',
  'answer_too_large',
] as const satisfies readonly GameErrorCode[];
// Compile-time check that the list names every code of the type.
const everyCode: Exclude<GameErrorCode, (typeof GAME_ERROR_CODES)[number]> extends never ? true : never = true;
void everyCode;

/** Which interface the failing exchange used. */
export type GameTransportKind = 'tcp' | 'https' | 'frm-http' | 'frm-proxy' | 'udp';

/** A typed failure of a game-server exchange. Messages never contain passwords or tokens. */
export class GameClientError extends Error {
  constructor(
    readonly code: GameErrorCode,
    message: string,
    readonly details: { transport?: GameTransportKind; status?: number; apiErrorCode?: string } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GameClientError';
  }

  /** Configuration errors need the user to change something; retrying will not help. */
  get isConfigurationError(): boolean {
    return this.code === 'wrong_password' || this.code === 'insufficient_scope' || this.code === 'fingerprint_mismatch';
  }
}

const NETWORK_CODES: Record<string, GameErrorCode> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
};

/** Maps a Node / undici network error to a GameClientError (TLS failures included). */
export function classifyNetworkError(error: unknown, transport: GameTransportKind, where: string): GameClientError {
  if (error instanceof GameClientError) return error;
  const chain: { code?: string; name?: string; message?: string }[] = [];
  for (let e = error as { cause?: unknown } | undefined; e && chain.length < 5; e = e.cause as typeof e)
    chain.push(e as never);
  for (const e of chain) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError') {
      return new GameClientError('timeout', `no answer from ${where} in time`, { transport }, { cause: error });
    }
    // Not every thrown value's code is a string (a DOMException's is a number).
    const code = typeof e.code === 'string' ? e.code : '';
    const mapped = Object.hasOwn(NETWORK_CODES, code) ? NETWORK_CODES[code] : undefined;
    if (mapped) return new GameClientError(mapped, `${describe(mapped)} (${where})`, { transport }, { cause: error });
    if (
      code.startsWith('ERR_SSL') ||
      code.startsWith('ERR_TLS') ||
      code === 'EPROTO' ||
      /SSL|TLS|certificate/i.test(textOf(e.message))
    ) {
      return new GameClientError(
        'tls',
        `TLS handshake with ${where} failed: ${textOf(e.message) || code}`,
        { transport },
        { cause: error },
      );
    }
  }
  const message = textOf((error as Error | undefined)?.message) || textOf(error);
  return new GameClientError('reset', `connection to ${where} failed: ${message}`, { transport }, { cause: error });
}

/**
 * Any thrown value as text, never throwing itself: String() throws for a symbol's description-less objects, for
 * objects whose toString is not callable (`{ toString: '' }`) and for objects without a prototype.
 */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function describe(code: GameErrorCode): string {
  switch (code) {
    case 'refused':
      return 'connection refused';
    case 'reset':
      return 'connection reset';
    case 'timeout':
      return 'connection timed out';
    default:
      return 'host unreachable';
  }
}
