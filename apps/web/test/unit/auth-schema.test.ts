import { describe, expect, it } from 'vitest';
import { translatedFailure } from '../../src/features/auth/AuthFrame';
import { apiFieldProblems, SignInForm, SignUpForm } from '../../src/features/auth/schema';
import { ApiFailure } from '../../src/lib/api';
import { i18n } from '../../src/lib/i18n';

/** The sign-in and sign-up rules (the API's LoginBody / RegisterBody) and the API's refusals in the reader's words. */
const first = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : Object.fromEntries(r.error!.issues.reverse().map((i) => [String(i.path[0]), i.message]));

describe('sign-up', () => {
  const valid = { name: 'Pioneer', email: 'pioneer@example.com', password: '0123456789' };

  it('takes a name, an e-mail and a password of 10 characters, trimming name and e-mail', () => {
    const r = SignUpForm.safeParse({ ...valid, name: ' Pioneer ', email: ' pioneer@example.com ' });
    expect(r.success && r.data).toEqual(valid);
  });

  it.each([
    [{ password: '012345678' }, { password: 'form.passwordShort' }],
    [{ password: 'x'.repeat(257) }, { password: 'form.passwordTooLong' }],
    [{ email: '' }, { email: 'form.emailRequired' }],
    [{ email: 'pioneer' }, { email: 'form.emailInvalid' }],
    [{ email: 'pioneer@example' }, { email: 'form.emailInvalid' }],
    [{ email: `${'a'.repeat(250)}@example.com` }, { email: 'form.emailTooLong' }],
    [{ name: '   ' }, { name: 'form.nameRequired' }],
    [{ name: 'n'.repeat(101) }, { name: 'form.nameTooLong' }],
  ])('refuses %j', (change, expected) => {
    expect(first(SignUpForm.safeParse({ ...valid, ...change }))).toEqual(expected);
  });

  it('keeps spaces in a password (they are part of it)', () => {
    expect(first(SignUpForm.safeParse({ ...valid, password: '  ten chars ' }))).toEqual({});
  });
});

describe('sign-in', () => {
  it('needs an e-mail and any password', () => {
    expect(first(SignInForm.safeParse({ email: 'a@example.com', password: 'x' }))).toEqual({});
    expect(first(SignInForm.safeParse({ email: '', password: '' }))).toEqual({
      email: 'form.emailRequired',
      password: 'form.passwordRequired',
    });
  });

  it('every message of the rules is an English text of the auth namespace', () => {
    const keys = [
      ...Object.values(first(SignUpForm.safeParse({ name: '', email: 'x', password: 'short' }))),
      ...Object.values(first(SignUpForm.safeParse({ name: 'n'.repeat(101), email: '', password: 'x'.repeat(300) }))),
      ...Object.values(first(SignInForm.safeParse({ email: `${'a'.repeat(255)}@b.co`, password: '' }))),
    ];
    expect(new Set(keys).size).toBe(8);
    for (const key of keys) expect(i18n.exists(key, { ns: 'auth' }), key).toBe(true);
  });
});

describe('the API’s answers', () => {
  const t = i18n.getFixedT('en', 'auth');
  const failure = (status: number, code: string, message: string, remedy: string, details = {}) =>
    new ApiFailure(status, code, message, remedy, details, 'req-7');

  it('a wrong password says what the API says, in the reader’s language', async () => {
    const api = failure(401, 'Unauthenticated', 'the e-mail or the password is wrong', 'Check both and try again.');
    const shown = translatedFailure(api, t) as ApiFailure;
    expect([shown.message.toLowerCase(), shown.remedy]).toEqual([api.message, api.remedy]);
    expect(shown.requestId).toBe('req-7');
    await i18n.loadLanguages('de');
    const german = translatedFailure(api, i18n.getFixedT('de', 'auth')) as ApiFailure;
    expect([german.message, german.remedy]).toEqual([
      'E-Mail-Adresse oder Passwort ist falsch',
      'Prüfe beides und versuche es noch einmal.',
    ]);
  });

  it('a throttled sign-in says how long to wait', () => {
    const api = failure(
      429,
      'TooManyRequests',
      'too many failed sign-in attempts',
      'Wait 840 s before trying again, or reset your password.',
      {
        retry_after_seconds: 840,
      },
    );
    const shown = translatedFailure(api, t) as ApiFailure;
    expect(shown.message).toBe('Too many failed sign-in attempts');
    expect(shown.remedy).toBe('Wait 14 min before trying again, or reset your password.');
  });

  it('a taken e-mail suggests signing in; any other failure is left as the API worded it', () => {
    const taken = failure(
      409,
      'Conflict',
      'an account with this e-mail already exists',
      'Sign in instead, or use another e-mail.',
    );
    expect((translatedFailure(taken, t) as ApiFailure).remedy).toBe('Sign in instead, or use another e-mail.');
    const other = failure(503, 'ServiceUnavailable', 'the database is away', 'Try again shortly.');
    expect(translatedFailure(other, t)).toBe(other);
    const plain = new Error('boom');
    expect(translatedFailure(plain, t)).toBe(plain);
  });

  it('reads the fields of a ValidationFailed', () => {
    expect(
      apiFieldProblems({
        fields: [
          { field: 'email', problem: 'must be an e-mail address' },
          { field: 'body.password', problem: 'must be at least 10 characters' },
          { field: 7, problem: 'not a field' },
        ],
      }),
    ).toEqual([
      ['email', 'must be an e-mail address'],
      ['password', 'must be at least 10 characters'],
    ]);
    expect(apiFieldProblems(null)).toEqual([]);
  });
});
