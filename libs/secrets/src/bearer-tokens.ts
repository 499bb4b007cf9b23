import { createHash, randomBytes } from 'node:crypto';

/** What a bearer token is for: a dashboard session, an API token, a share / overlay link or an invitation. */
export type BearerKind = 'session' | 'api' | 'share' | 'invitation';

/** The prefix of each kind of token: the kind is visible at a glance (and to secret scanners). */
export const BEARER_PREFIXES: Readonly<Record<BearerKind, string>> = Object.freeze({
  session: 'gsm_s_',
  api: 'gsm_t_',
  share: 'gsm_p_',
  invitation: 'gsm_i_',
});

/** Longest token accepted anywhere: a prefix and 43 base64url characters; anything much longer is not ours. */
export const MAX_BEARER_TOKEN_LENGTH = 100;

/** A new secret bearer token (shown once) and what is stored of it: its SHA-256 and a short display prefix. */
export function newBearerToken(kind: BearerKind): { token: string; hash: string; prefix: string } {
  const token = `${BEARER_PREFIXES[kind]}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), prefix: token.slice(0, 12) };
}

/** Tokens are random 256-bit strings: a plain SHA-256 is enough to store them (no password stretching needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The kind a token claims by its prefix, or null for anything else (including an over-long string). */
export function bearerKindOf(token: string): BearerKind | null {
  if (token.length > MAX_BEARER_TOKEN_LENGTH) return null;
  for (const kind of Object.keys(BEARER_PREFIXES) as BearerKind[]) {
    if (token.startsWith(BEARER_PREFIXES[kind])) return kind;
  }
  return null;
}
