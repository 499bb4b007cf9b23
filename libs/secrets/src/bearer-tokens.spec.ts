import { createHash } from 'node:crypto';
import { BEARER_PREFIXES, bearerKindOf, hashToken, newBearerToken } from './bearer-tokens';

describe('bearer tokens', () => {
  it('are prefixed by kind, 256 random bits, and stored as their SHA-256 only', () => {
    const { token, hash, prefix } = newBearerToken('share');
    expect(token).toMatch(/^gsm_p_[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken(token)).toBe(hash);
    expect(prefix).toBe(token.slice(0, 12));
    expect(newBearerToken('share').token).not.toBe(token);
  });

  it('tell their kind by prefix and refuse anything else', () => {
    for (const kind of ['session', 'api', 'share', 'invitation'] as const) {
      expect(bearerKindOf(newBearerToken(kind).token)).toBe(kind);
    }
    expect(BEARER_PREFIXES.session).toBe('gsm_s_');
    expect(bearerKindOf('garbage')).toBeNull();
    expect(bearerKindOf('Bearer gsm_s_x')).toBeNull();
    expect(bearerKindOf(`gsm_s_${'a'.repeat(200)}`)).toBeNull();
  });
});
