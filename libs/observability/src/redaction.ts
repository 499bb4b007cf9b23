/**
 * Paths pino removes from every log line: credentials in requests and in logged objects. Logs must never carry an
 * admin password, a token or a webhook URL.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'adminPassword',
  '*.adminPassword',
  'admin_password',
  '*.admin_password',
  'token',
  '*.token',
  'authenticationToken',
  '*.authenticationToken',
  'webhookUrl',
  '*.webhookUrl',
  'webhook_url',
  '*.webhook_url',
  'secret',
  '*.secret',
];

/** The platform's bearer tokens anywhere in a text: `gsm_<kind>_` and the random part (also URL-encoded). */
const BEARER_TOKEN = /\b(gsm_[a-z]_)[A-Za-z0-9_%-]+/g;
/** Path segments that are share tokens whatever they look like: the share API, the share and overlay pages. */
const TOKEN_SEGMENT = /(\/(?:api\/v\d+\/public|share|overlay|s)\/)[^/?#]+/g;

/** Where a share or bearer token was in a redacted text. */
export const REDACTED_TOKEN = '[redacted]';

/**
 * A text without the platform's tokens: every `gsm_x_...` token, and the token segment of share paths
 * (`/api/v1/public/<token>`, `/share/<token>`, `/overlay/<token>`, `/s/<token>`) whatever it holds (a mistyped
 * token is still most of a token). For log lines, span names and error messages that may carry a URL.
 */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_SEGMENT, `$1${REDACTED_TOKEN}`).replace(BEARER_TOKEN, `$1${REDACTED_TOKEN}`);
}

/** A request URL as logs and traces may show it: the path without its query string (tokens travel there too), redacted. */
export function redactUrl(url: string): string {
  const query = url.search(/[?#]/);
  return redactTokens(query === -1 ? url : url.slice(0, query));
}
