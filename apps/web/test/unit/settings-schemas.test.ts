import { describe, expect, it } from 'vitest';
import {
  inviteForm,
  planBody,
  planForm,
  shareBody,
  shareForm,
  tokenBody,
  tokenForm,
} from '../../src/features/settings/schemas';

/** The settings' form schemas: what the browser refuses before the API sees it, and what it sends. */

/** The message keys of a failed parse, by field ("" for the form). */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('new token', () => {
  const valid = { name: '  CI  ', scopes: ['servers:read'], expiry: 'never' };

  it('needs at least one scope', () => {
    expect(problems(tokenForm.safeParse({ ...valid, scopes: [] }))).toEqual({ scopes: 'form.errors.scopesRequired' });
  });

  it('refuses a scope the API does not know', () => {
    expect(tokenForm.safeParse({ ...valid, scopes: ['servers:read', 'root'] }).success).toBe(false);
  });

  it('needs a name after trimming, of at most 100 characters', () => {
    expect(problems(tokenForm.safeParse({ ...valid, name: '   ' }))).toEqual({ name: 'form.errors.nameRequired' });
    expect(problems(tokenForm.safeParse({ ...valid, name: 'x'.repeat(101) }))).toEqual({
      name: 'form.errors.nameTooLong',
    });
    expect(tokenForm.safeParse({ ...valid, name: 'x'.repeat(100) }).success).toBe(true);
  });

  it('sends the trimmed name, the scopes, and expires_in_days only when the token expires', () => {
    expect(tokenBody(tokenForm.parse(valid))).toEqual({ name: 'CI', scopes: ['servers:read'] });
    expect(tokenBody(tokenForm.parse({ ...valid, expiry: '30' }))).toEqual({
      name: 'CI',
      scopes: ['servers:read'],
      expires_in_days: 30,
    });
  });

  it('offers only the expiries it knows', () => {
    expect(problems(tokenForm.safeParse({ ...valid, expiry: '12' }))).toEqual({ expiry: 'form.errors.expiryInvalid' });
  });
});

describe('invite a member', () => {
  it('takes a trimmed e-mail address and a role', () => {
    expect(inviteForm.parse({ email: ' ada@example.com ', role: 'operator' })).toEqual({
      email: 'ada@example.com',
      role: 'operator',
    });
  });

  it('says what is wrong with the e-mail address', () => {
    expect(problems(inviteForm.safeParse({ email: '', role: 'viewer' }))).toEqual({
      email: 'form.errors.emailRequired',
    });
    expect(problems(inviteForm.safeParse({ email: 'not-an-address', role: 'viewer' }))).toEqual({
      email: 'form.errors.emailInvalid',
    });
    expect(problems(inviteForm.safeParse({ email: `${'a'.repeat(250)}@x.io`, role: 'viewer' }))).toEqual({
      email: 'form.errors.emailTooLong',
    });
  });

  it('refuses a role that does not exist', () => {
    expect(problems(inviteForm.safeParse({ email: 'ada@example.com', role: 'owner' }))).toEqual({
      role: 'form.errors.roleInvalid',
    });
  });
});

describe('share link', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  const schema = shareForm(() => now);
  const base = { server: 'srv-1', kind: 'overlay' as const };

  it('never expires when the end is left empty, and sends no expires_at', () => {
    const v = schema.parse({ ...base, expires: '' });
    expect(shareBody(v)).toEqual({ kind: 'overlay' });
  });

  it('refuses an end in the past or now', () => {
    expect(problems(schema.safeParse({ ...base, expires: '2026-05-31T12:00' }))).toEqual({
      expires: 'form.errors.expiresPast',
    });
  });

  it('refuses text that is not a date', () => {
    expect(problems(schema.safeParse({ ...base, expires: 'tomorrow' }))).toEqual({
      expires: 'form.errors.expiresInvalid',
    });
  });

  it("sends a future end as an ISO instant of the reader's local time", () => {
    const local = '2026-07-01T09:30';
    const v = schema.parse({ ...base, expires: local });
    expect(shareBody(v)).toEqual({ kind: 'overlay', expires_at: new Date(local).toISOString() });
  });

  it('needs a server and a known kind', () => {
    expect(problems(schema.safeParse({ server: '', kind: 'poster', expires: '' }))).toEqual({
      server: 'form.errors.serverRequired',
      kind: 'form.errors.kindInvalid',
    });
  });
});

describe('plan change', () => {
  const schema = planForm({ plan: 'team', period: 'monthly' });

  it('refuses the plan and period the organisation already has', () => {
    expect(problems(schema.safeParse({ plan: 'team', period: 'monthly' }))).toEqual({
      plan: 'form.errors.planUnchanged',
    });
  });

  it('takes the same plan billed the other way, or another plan', () => {
    expect(planBody(schema.parse({ plan: 'team', period: 'yearly' }))).toEqual({ plan: 'team', period: 'yearly' });
    expect(planBody(schema.parse({ plan: 'pro', period: 'monthly' }))).toEqual({ plan: 'pro', period: 'monthly' });
  });

  it('does not offer Enterprise, which is arranged, not chosen', () => {
    expect(problems(schema.safeParse({ plan: 'enterprise', period: 'monthly' }))).toEqual({
      plan: 'form.errors.planRequired',
    });
  });
});
