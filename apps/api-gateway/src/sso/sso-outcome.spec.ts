import { failureOfGrant, idpAssertsMfa, roleFromClaims } from './sso-outcome';

describe('roleFromClaims', () => {
  const sso = {
    roleClaim: 'groups',
    roleMapping: { ops: 'operator', admins: 'admin', readers: 'viewer' } as const,
    defaultRole: 'viewer' as const,
  };

  it('takes the highest mapped role of a list, or of a single value', () => {
    expect(roleFromClaims(sso, { groups: ['readers', 'admins', 'ops'] })).toEqual({ role: 'admin', matched: true });
    expect(roleFromClaims(sso, { groups: 'ops' })).toEqual({ role: 'operator', matched: true });
  });

  it('falls back to the default role, unmatched, without a mapped value or without a role claim', () => {
    expect(roleFromClaims(sso, { groups: ['strangers'] })).toEqual({ role: 'viewer', matched: false });
    expect(roleFromClaims(sso, {})).toEqual({ role: 'viewer', matched: false });
    expect(roleFromClaims({ ...sso, roleClaim: null, defaultRole: 'operator' }, { groups: ['admins'] })).toEqual({
      role: 'operator',
      matched: false,
    });
  });
});

describe('failureOfGrant', () => {
  // openid-client wraps oauth4webapi's error: the claim is named by the cause's cause.
  const wrapped = (code: string, claim: string) => ({ code, cause: { code, cause: { claim } } });

  it('names the ID token check that failed', () => {
    expect(failureOfGrant(wrapped('OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'aud'), 'o').code).toBe('wrong_audience');
    expect(failureOfGrant(wrapped('OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'iss'), 'o').code).toBe('wrong_issuer');
    expect(failureOfGrant(wrapped('OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'nonce'), 'o').code).toBe('invalid_token');
    expect(failureOfGrant(wrapped('OAUTH_JWT_TIMESTAMP_CHECK_FAILED', 'exp'), 'o').code).toBe('expired_token');
    expect(failureOfGrant({ code: 'OAUTH_RESPONSE_BODY_ERROR', error: 'invalid_grant' }, 'o')).toMatchObject({
      code: 'idp_error',
      details: { idp_error: 'invalid_grant' },
    });
    expect(failureOfGrant(new Error('anything'), 'o').code).toBe('invalid_token');
  });
});

describe('idpAssertsMfa', () => {
  const trusting = { trustIdpMfa: true, mfaAcrValues: ['gold'] };

  it('accepts amr with mfa, otp or hwk (any case), or a configured acr', () => {
    expect(idpAssertsMfa(trusting, { amr: ['pwd', 'otp'] })).toBe(true);
    expect(idpAssertsMfa(trusting, { amr: ['MFA'] })).toBe(true);
    expect(idpAssertsMfa(trusting, { amr: ['hwk'] })).toBe(true);
    expect(idpAssertsMfa(trusting, { amr: ['pwd'], acr: 'gold' })).toBe(true);
  });

  it('refuses a single factor, an unknown acr, a malformed amr, and any claim when the organisation does not trust it', () => {
    expect(idpAssertsMfa(trusting, { amr: ['pwd'] })).toBe(false);
    expect(idpAssertsMfa(trusting, { acr: 'silver' })).toBe(false);
    expect(idpAssertsMfa(trusting, { amr: 'mfa' })).toBe(false);
    expect(idpAssertsMfa(trusting, {})).toBe(false);
    expect(idpAssertsMfa({ ...trusting, trustIdpMfa: false }, { amr: ['mfa'], acr: 'gold' })).toBe(false);
  });
});
