import { ApiError } from '../http/api-error';
import { accountMail } from './account-mails';
import { checkAccountToken, hashAccountToken, newAccountToken } from './account-tokens';

const NOW = new Date('2026-11-29T12:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

function refusal(fn: () => void): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('account mail tokens', () => {
  it('are 256 random bits, URL-safe, different each time; only their SHA-256 is stored', () => {
    const a = newAccountToken();
    const b = newAccountToken();
    expect(a.token).toMatch(/^[\w-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashAccountToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(a.token);
  });

  it('a live token of the right purpose passes', () => {
    expect(() =>
      checkAccountToken({ purpose: 'verify_email', expiresAt: later(1), usedAt: null }, 'verify_email', NOW),
    ).not.toThrow();
  });

  it('unknown, used (or superseded) and the other purpose are 400 LinkInvalid; expired is 410 LinkExpired', () => {
    expect(refusal(() => checkAccountToken(null, 'verify_email', NOW))).toMatchObject({
      status: 400,
      code: 'LinkInvalid',
      message: 'the verification link is not valid',
    });
    const used = refusal(() =>
      checkAccountToken({ purpose: 'reset_password', expiresAt: later(60_000), usedAt: NOW }, 'reset_password', NOW),
    );
    expect(used).toMatchObject({ status: 400, code: 'LinkInvalid' });
    expect(used.message).toContain('used already');
    // A reset token never verifies an e-mail (nor the reverse): the same answer as an unknown token.
    expect(
      refusal(() =>
        checkAccountToken({ purpose: 'reset_password', expiresAt: later(1), usedAt: null }, 'verify_email', NOW),
      ),
    ).toMatchObject({ status: 400, code: 'LinkInvalid' });
    // Expiry is exclusive: at expires_at the link no longer works.
    const expired = refusal(() =>
      checkAccountToken({ purpose: 'reset_password', expiresAt: NOW, usedAt: null }, 'reset_password', NOW),
    );
    expect(expired).toMatchObject({ status: 410, code: 'LinkExpired', message: 'the password reset link expired' });
    expect(expired.remedy).toContain('Forgot password?');
  });
});

describe('account mails', () => {
  it('carry the link (token in the fragment) in the user language, English when they chose none', () => {
    const link = 'https://monitor.example.com/verify-email#token=abc';
    const de = accountMail('verify', 'ada@example.com', 'de', 'abc', link);
    expect(de).toMatchObject({ to: ['ada@example.com'], headers: { 'X-GSM-Event': 'email-verification' } });
    expect(de.subject).toContain('Bestätige');
    expect(de.text).toContain(link);
    expect(de.html).toContain(`href="${link}"`);
    const en = accountMail('reset', 'ada@example.com', null, 'abc', 'https://m.example.com/reset-password#token=abc');
    expect(en.subject).toBe('Reset your Satisfactory Monitoring password');
    expect(en.text).toContain('30 minutes');
  });

  it('without PUBLIC_URL carry the code to enter on the page instead', () => {
    const mail = accountMail('reset', 'ada@example.com', 'fr', 'the-code', null);
    expect(mail.text).toContain('/reset-password — the-code');
    expect(mail.html).toContain('<code>the-code</code>');
  });
});
