import { randomBytes } from 'node:crypto';

/** Privilege levels of the game's API, lowest first. */
export const PRIVILEGES = ['NotAuthenticated', 'Client', 'Administrator', 'InitialAdmin', 'APIToken'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

/** Parses a privilege level case-insensitively, as the game does. */
export function parsePrivilege(value: unknown): Privilege | null {
  if (typeof value !== 'string') return null;
  return PRIVILEGES.find((p) => p.toLowerCase() === value.toLowerCase()) ?? null;
}

const rank = (p: Privilege): number => (p === 'APIToken' || p === 'InitialAdmin' ? 2 : PRIVILEGES.indexOf(p));

/** True when a token of level `held` may call a function that needs `needed`. */
export function satisfies(held: Privilege, needed: Privilege): boolean {
  return rank(held) >= rank(needed);
}

/**
 * Issues and checks tokens shaped like the game's: base64 of `{"pl": "<level>"}` (with the game's tab and
 * newlines), a dot, and a hex fingerprint. Login tokens expire after the configured time; API tokens never do.
 */
export class TokenStore {
  private readonly tokens = new Map<string, { level: Privilege; expiresAt: number }>();

  constructor(private ttlMs: number) {}

  issue(level: Privilege, now = Date.now()): string {
    const payload = Buffer.from(`{\n\t"pl": "${level}"\n}`).toString('base64');
    const token = `${payload}.${randomBytes(32).toString('hex').toUpperCase()}`;
    this.tokens.set(token, { level, expiresAt: level === 'APIToken' ? Infinity : now + this.ttlMs });
    if (this.tokens.size > 10_000) this.sweep(now);
    return token;
  }

  /** The level of a valid token; `expired` for a known but expired one; null for an unknown or malformed one. */
  check(token: string, now = Date.now()): Privilege | 'expired' | null {
    const entry = this.tokens.get(token);
    if (!entry) return null;
    return entry.expiresAt <= now ? 'expired' : entry.level;
  }

  /** Every login token expires now (the "token expiry now" fault). */
  expireAll(): number {
    let n = 0;
    for (const entry of this.tokens.values()) {
      if (entry.expiresAt !== Infinity) {
        entry.expiresAt = 0;
        n++;
      }
    }
    return n;
  }

  setTtl(ttlMs: number): void {
    this.ttlMs = ttlMs;
  }

  private sweep(now: number): void {
    for (const [token, entry] of this.tokens) if (entry.expiresAt <= now) this.tokens.delete(token);
  }
}
