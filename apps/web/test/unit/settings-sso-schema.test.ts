import { describe, expect, it } from 'vitest';
import { parseMapping, ssoDefaults, ssoForm, type SsoFormValues } from '../../src/features/settings/ssoSchema';
import { i18n } from '../../src/lib/i18n';

/** The SSO set-up form: the role mapping's lines (one bad line refused by its number) and the body PUT takes. */
const schema = ssoForm(i18n.getFixedT('en'));
const blank = ssoDefaults(null);
const form = (over: Partial<SsoFormValues>): SsoFormValues => ({ ...blank, ...over });

describe('the role mapping', () => {
  it('reads "value = role" lines, spaces and case of the role aside, the last "=" splitting', () => {
    expect(parseMapping('factory-ops = operator\n  Admins=ADMIN \nteam=a = viewer')).toEqual({
      'factory-ops': 'operator',
      Admins: 'admin',
      'team=a': 'viewer',
    });
  });

  it('skips empty lines; no lines is an empty mapping', () => {
    expect(parseMapping('')).toEqual({});
    expect(parseMapping('\n  \nops = viewer\n\n')).toEqual({ ops: 'viewer' });
  });

  it.each([
    ['ops', 1],
    ['= admin', 1],
    ['ops = owner', 1],
    ['ops = admin\n\nviewers viewer', 3],
    ['ops = admin\n = operator', 2],
  ])('%j: the number of the first bad line, %i', (text, line) => {
    expect(parseMapping(text)).toBe(line);
  });
});

describe('the SSO form', () => {
  it('gives the body of PUT /api/v1/org/sso: trimmed, lists split, the mapping parsed, no secret when empty', () => {
    const r = schema.safeParse(
      form({
        issuer: ' https://idp.example.com ',
        client_id: ' dashboard ',
        domains: 'example.com, , example.org ',
        role_claim: ' groups ',
        role_mapping: 'factory-ops = operator',
        default_role: 'operator',
        mfa_acr_values: 'mfa,  phr',
      }),
    );
    expect(r.success && r.data).toEqual({
      issuer: 'https://idp.example.com',
      client_id: 'dashboard',
      domains: ['example.com', 'example.org'],
      role_claim: 'groups',
      role_mapping: { 'factory-ops': 'operator' },
      default_role: 'operator',
      jit_membership: true,
      require_sso: false,
      trust_unverified_email: false,
      trust_idp_mfa: true,
      mfa_acr_values: ['mfa', 'phr'],
    });
  });

  it('sends a new secret as typed, and no role claim as null', () => {
    const r = schema.safeParse(form({ client_secret: ' s3cret ', role_claim: '  ' }));
    expect(r.success && r.data.client_secret).toBe(' s3cret ');
    expect(r.success && r.data.role_claim).toBeNull();
    expect(r.success && r.data.role_mapping).toEqual({});
  });

  it('refuses a bad mapping line on the mapping field, naming the line', () => {
    const r = schema.safeParse(form({ role_mapping: 'ops = admin\nnonsense' }));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['role_mapping', i18n.getFixedT('en')('sso:settings.badMapping', { line: 2 })],
    ]);
    expect(r.error?.issues[0]?.message).toContain('2');
  });

  it('fills the fields from a saved set-up (the secret never)', () => {
    const values = ssoDefaults({
      issuer: 'https://idp.example.com',
      client_id: 'dashboard',
      domains: ['example.com', 'example.org'],
      role_claim: 'groups',
      role_mapping: { ops: 'operator', admins: 'admin' },
      default_role: 'viewer',
      jit_membership: false,
      require_sso: true,
      trust_unverified_email: true,
      trust_idp_mfa: false,
      mfa_acr_values: ['mfa'],
    } as never);
    expect(values).toMatchObject({
      client_secret: '',
      domains: 'example.com, example.org',
      role_mapping: 'ops = operator\nadmins = admin',
      jit_membership: false,
      require_sso: true,
      mfa_acr_values: 'mfa',
    });
    // Read back unchanged, the same set-up goes out.
    const r = schema.safeParse(values);
    expect(r.success && r.data.role_mapping).toEqual({ ops: 'operator', admins: 'admin' });
  });
});
