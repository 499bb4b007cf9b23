import { createHash, randomBytes } from 'node:crypto';

export type BearerKind = 'session' | 'api' | 'share' | 'invitation';

const PREFIX: Record<BearerKind, string> = { session: 'gsm_s_', api: 'gsm_t_', share: 'gsm_p_', invitation: 'gsm_i_' };

/** A new secret bearer token (shown once) and what is stored of it: its SHA-256 and a short display prefix. */
export function newBearerToken(kind: BearerKind): { token: string; hash: string; prefix: string } {
  const token = `${PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), prefix: token.slice(0, 12) };
}

/** Tokens are random 256-bit strings: a plain SHA-256 is enough to store them (no password stretching needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The kind of a bearer token of the API (share and invitation tokens are not bearer credentials). */
export function kindOf(token: string): 'session' | 'api' | null {
  if (token.startsWith(PREFIX.api)) return 'api';
  if (token.startsWith(PREFIX.session)) return 'session';
  return null;
}
