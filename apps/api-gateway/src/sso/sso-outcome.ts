import { ROLE_RANK, type Role } from '../auth/principal';
import type { SsoConfigRecord } from './sso.repository';

/**
 * Why an SSO sign-in was refused: the code of `/login?sso_error=<code>` (the dashboard translates it) and of the
 * audit entry. Details never hold a secret (no code, token, state or claim other than the e-mail).
 */
export type SsoFailureCode =
  | 'invalid_request'
  | 'unknown_state'
  | 'replayed_state'
  | 'expired_state'
  | 'idp_error'
  | 'not_configured'
  | 'not_in_plan'
  | 'provider_unreachable'
  | 'wrong_audience'
  | 'wrong_issuer'
  | 'expired_token'
  | 'invalid_token'
  | 'missing_email'
  | 'email_unverified'
  | 'domain_not_allowed'
  | 'not_a_member'
  | 'account_disabled';

/** A refused SSO sign-in, in the organisation whose attempt it was (null when the state names none). */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoFailureCode,
    readonly orgId: string | null,
    readonly details: Record<string, string> = {},
    readonly userId: string | null = null,
  ) {
    super(code);
    this.name = 'SsoFailure';
  }
}

/** The failure an openid-client error of the code exchange stands for (ID token checks, provider answers). */
export function failureOfGrant(error: unknown, orgId: string): SsoFailure {
  const e = error as {
    code?: string;
    error?: string;
    cause?: { claim?: string; code?: string; cause?: { claim?: string } };
  };
  // openid-client wraps oauth4webapi's error, whose cause names the claim.
  const claim = e.cause?.cause?.claim ?? e.cause?.claim;
  if (e.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')
    return new SsoFailure('expired_token', orgId, { claim: claim ?? 'exp' });
  if (e.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' || e.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
    if (claim === 'aud' || claim === 'azp') return new SsoFailure('wrong_audience', orgId, { claim });
    if (claim === 'iss') return new SsoFailure('wrong_issuer', orgId, { claim });
    return new SsoFailure('invalid_token', orgId, { claim: claim ?? 'unknown' });
  }
  if (e.code === 'OAUTH_RESPONSE_BODY_ERROR' || e.code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR')
    return new SsoFailure('idp_error', orgId, { idp_error: String(e.error ?? 'unknown').slice(0, 100) });
  if (e.code === 'ECONNREFUSED' || e.cause?.code === 'ECONNREFUSED' || (error as Error)?.name === 'IssuerUnusableError')
    return new SsoFailure('provider_unreachable', orgId);
  return new SsoFailure('invalid_token', orgId, { check: String(e.code ?? 'unknown').slice(0, 60) });
}

/**
 * The role the ID token's role claim maps to: the highest of the mapped values (a string or a list of them), or
 * the default role; `matched` says whether any value was mapped (only then does a sign-in change an existing role).
 */
export function roleFromClaims(
  sso: Pick<SsoConfigRecord, 'roleClaim' | 'roleMapping' | 'defaultRole'>,
  claims: Record<string, unknown>,
): { role: Role; matched: boolean } {
  const raw = sso.roleClaim ? claims[sso.roleClaim] : undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
  const roles = values.map((v) => sso.roleMapping[v]).filter((r): r is Role => r !== undefined);
  if (roles.length === 0) return { role: sso.defaultRole, matched: false };
  return { role: roles.reduce((a, b) => (ROLE_RANK[b] > ROLE_RANK[a] ? b : a)), matched: true };
}

/** amr values (RFC 8176) that mean the provider checked more than one factor. */
const MFA_AMR = new Set(['mfa', 'otp', 'hwk']);

/**
 * Whether the ID token asserts a multi-factor sign-in the organisation accepts: its `amr` holds mfa, otp or hwk, or
 * its `acr` is one of the organisation's `mfaAcrValues`. Never when the organisation does not trust its provider's
 * MFA (then its "two factors required" policy asks SSO users for a factor of the platform).
 */
export function idpAssertsMfa(
  sso: Pick<SsoConfigRecord, 'trustIdpMfa' | 'mfaAcrValues'>,
  claims: Record<string, unknown>,
): boolean {
  if (!sso.trustIdpMfa) return false;
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  if (amr.some((v) => typeof v === 'string' && MFA_AMR.has(v.toLowerCase()))) return true;
  return typeof claims.acr === 'string' && sso.mfaAcrValues.includes(claims.acr);
}
