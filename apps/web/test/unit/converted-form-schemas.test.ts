import { describe, expect, it } from 'vitest';
import { NoteForm, NOTE_MAX } from '../../src/features/alerts/noteSchema';
import { ConfirmRecipientForm, InvitationForm, SsoStartForm } from '../../src/features/auth/schema';
import { DisableTotpForm, NewPasskeyForm, SecondFactorForm, TotpCodeForm } from '../../src/features/security/schema';
import { VerifyForm } from '../../src/lib/account-forms';
import { i18n } from '../../src/lib/i18n';

/**
 * The small forms moved to react-hook-form + zod (issue 19): the codes, tokens and names they take, the body they
 * give, and their messages (keys that exist in English).
 */
const problems = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));
const exists = (ns: string, key: string) => i18n.exists(key.includes(':') ? key : `${ns}:${key}`, { lng: 'en' });

describe('the second factor forms', () => {
  it('a code: trimmed, required, at most 32 characters', () => {
    expect(TotpCodeForm.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(problems(TotpCodeForm.safeParse({ code: '  ' }))).toEqual({ code: 'totp.codeRequired' });
    expect(problems(TotpCodeForm.safeParse({ code: 'x'.repeat(33) }))).toEqual({ code: 'totp.codeTooLong' });
  });

  it('turning off: a code when given, else the password; neither is refused', () => {
    expect(DisableTotpForm.parse({ password: 'pw', code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(DisableTotpForm.parse({ password: 'pw', code: '' })).toEqual({ password: 'pw' });
    expect(problems(DisableTotpForm.safeParse({ password: '', code: ' ' }))).toEqual({
      password: 'totp.disableRequired',
    });
  });

  it('the sign-in step sends the code under its kind, and asks for the kind it shows', () => {
    expect(SecondFactorForm.parse({ mode: 'totp', code: '123456' })).toEqual({ totp: '123456' });
    expect(SecondFactorForm.parse({ mode: 'recovery_code', code: ' abcde-fghjk' })).toEqual({
      recovery_code: 'abcde-fghjk',
    });
    expect(problems(SecondFactorForm.safeParse({ mode: 'totp', code: '' }))).toEqual({ code: 'signIn.codeRequired' });
    expect(problems(SecondFactorForm.safeParse({ mode: 'recovery_code', code: '' }))).toEqual({
      code: 'signIn.recoveryRequired',
    });
  });

  it('a new passkey: a name is optional, trimmed, at most 100 characters', () => {
    expect(NewPasskeyForm.parse({ name: '  ' })).toEqual({ name: '' });
    expect(NewPasskeyForm.parse({ name: ' Laptop ' })).toEqual({ name: 'Laptop' });
    expect(problems(NewPasskeyForm.safeParse({ name: 'x'.repeat(101) }))).toEqual({
      name: 'passkeys.rename.tooLong',
    });
  });
});

describe('the link pages and the SSO sign-in', () => {
  it.each([
    ['verification code', VerifyForm, 'form.codeRequired'],
    ['recipient confirmation', ConfirmRecipientForm, 'confirmRecipient.tokenRequired'],
    ['invitation', InvitationForm, 'invitations:signedIn.tokenRequired'],
  ] as const)('the %s: trimmed, required', (_, schema, message) => {
    expect(schema.parse({ token: ' tok_1 ' })).toEqual({ token: 'tok_1' });
    expect(problems(schema.safeParse({ token: ' ' }))).toEqual({ token: message });
  });

  it('the SSO sign-in takes a work e-mail, trimmed', () => {
    expect(SsoStartForm.parse({ email: ' dana@example.com ' })).toEqual({ email: 'dana@example.com' });
    expect(problems(SsoStartForm.safeParse({ email: '' }))).toEqual({ email: 'form.emailRequired' });
    expect(problems(SsoStartForm.safeParse({ email: 'dana' }))).toEqual({ email: 'form.emailInvalid' });
  });

  it('a note on an incident: trimmed, required, at most the API limit', () => {
    expect(NoteForm.parse({ text: ' Host rebooted. ' })).toEqual({ text: 'Host rebooted.' });
    expect(problems(NoteForm.safeParse({ text: '  ' }))).toEqual({ text: 'ack.noteRequired' });
    expect(problems(NoteForm.safeParse({ text: 'x'.repeat(NOTE_MAX + 1) }))).toEqual({ text: 'ack.noteTooLong' });
  });

  it('every message is a key of English', () => {
    const keys: [string, string][] = [
      ['security', 'totp.codeRequired'],
      ['security', 'totp.codeTooLong'],
      ['security', 'totp.passwordTooLong'],
      ['security', 'totp.disableRequired'],
      ['security', 'signIn.codeRequired'],
      ['security', 'signIn.recoveryRequired'],
      ['security', 'passkeys.rename.tooLong'],
      ['account', 'form.codeRequired'],
      ['auth', 'confirmRecipient.tokenRequired'],
      ['auth', 'invitations:signedIn.tokenRequired'],
      ['alerts', 'ack.noteRequired'],
      ['alerts', 'ack.noteTooLong'],
    ];
    expect(keys.filter(([ns, key]) => !exists(ns, key))).toEqual([]);
  });
});
