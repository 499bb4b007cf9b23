import { acceptedTotpStep, newTotpSecret, totpCode, totpUri } from './totp';

// RFC 6238 appendix B, SHA-1: the secret "12345678901234567890" (ASCII) in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('computes the RFC 6238 test vectors (last 6 digits)', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts the current step and one step either side, nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000; // 15 s into a step
    const step = Math.floor(now / 30_000);
    expect(acceptedTotpStep(secret, totpCode(secret, now), now, null)).toBe(step);
    expect(acceptedTotpStep(secret, totpCode(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(acceptedTotpStep(secret, totpCode(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(acceptedTotpStep(secret, totpCode(secret, now - 60_000), now, null)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, now + 60_000), now, null)).toBeNull();
  });

  it('refuses a replayed code and any code of an earlier step', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000;
    const step = acceptedTotpStep(secret, totpCode(secret, now), now, null);
    expect(step).not.toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, now), now + 5_000, step)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, now - 30_000), now, step)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, now + 30_000), now + 30_000, step)).toBe(step! + 1);
  });

  it('refuses what is not six digits, and tolerates spaces', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000;
    const code = totpCode(secret, now);
    expect(acceptedTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).not.toBeNull();
    expect(acceptedTotpStep(secret, code.slice(0, 5), now, null)).toBeNull();
    expect(acceptedTotpStep(secret, 'abcdef', now, null)).toBeNull();
  });

  it('writes an otpauth URI with issuer, account, SHA1, 6 digits and 30 s', () => {
    const uri = totpUri(RFC_SECRET, 'ada@example.com', 'Satisfactory Monitoring');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const params = new URL(uri).searchParams;
    expect(params.get('secret')).toBe(RFC_SECRET);
    expect(params.get('issuer')).toBe('Satisfactory Monitoring');
    expect(params.get('algorithm')).toBe('SHA1');
    expect(params.get('digits')).toBe('6');
    expect(params.get('period')).toBe('30');
    expect(decodeURIComponent(uri)).toContain('ada@example.com');
  });
});
