/** The refusal codes of the SSO callback (`/login?sso_error=<code>`, see the api-gateway's sso-outcome.ts). */
const CODES = [
  'invalid_request',
  'unknown_state',
  'replayed_state',
  'expired_state',
  'idp_error',
  'not_configured',
  'not_in_plan',
  'provider_unreachable',
  'wrong_audience',
  'wrong_issuer',
  'expired_token',
  'invalid_token',
  'missing_email',
  'email_unverified',
  'domain_not_allowed',
  'not_a_member',
  'account_disabled',
] as const;

/** The `sso` key of a refusal's message; an unknown code gets the general one. */
export function ssoErrorKey(code: string): `error.${(typeof CODES)[number] | 'unknown'}` {
  return (CODES as readonly string[]).includes(code)
    ? (`error.${code}` as `error.${(typeof CODES)[number]}`)
    : 'error.unknown';
}
