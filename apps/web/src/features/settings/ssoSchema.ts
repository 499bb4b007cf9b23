import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { GetAnswer, paths } from '../../lib/api/client';

/**
 * The single sign-on form (Settings -> Single sign-on): text and check boxes in, the body of PUT /api/v1/org/sso
 * out. The role mapping is one "claim value = role" per line; a line that is not one is refused with its number.
 * The message is translated here (it names the line), as the alerts' silence schema does: `t` is the form's.
 */

export type SsoRole = 'admin' | 'operator' | 'viewer';
export const SSO_ROLES: SsoRole[] = ['admin', 'operator', 'viewer'];
export type SsoBody = paths['/api/v1/org/sso']['put']['requestBody']['content']['application/json'];

/** "value = role" lines into a mapping; the number of the first bad line otherwise. Empty lines are skipped. */
export function parseMapping(text: string): Record<string, SsoRole> | number {
  const mapping: Record<string, SsoRole> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const at = line.lastIndexOf('=');
    const value = line.slice(0, at).trim();
    const role = line
      .slice(at + 1)
      .trim()
      .toLowerCase() as SsoRole;
    if (at <= 0 || !value || !SSO_ROLES.includes(role)) return i + 1;
    mapping[value] = role;
  }
  return mapping;
}

/** A comma-separated list, its entries trimmed, empty ones dropped. */
const list = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export const ssoForm = (t: TFunction) =>
  z
    .object({
      issuer: z.string(),
      client_id: z.string(),
      client_secret: z.string(),
      domains: z.string(),
      role_claim: z.string(),
      role_mapping: z.string(),
      default_role: z.enum(SSO_ROLES),
      jit_membership: z.boolean(),
      require_sso: z.boolean(),
      trust_unverified_email: z.boolean(),
      trust_idp_mfa: z.boolean(),
      mfa_acr_values: z.string(),
    })
    .superRefine((v, ctx) => {
      const line = parseMapping(v.role_mapping);
      if (typeof line === 'number')
        ctx.addIssue({ code: 'custom', path: ['role_mapping'], message: t('sso:settings.badMapping', { line }) });
    })
    .transform((v): SsoBody => ({
      issuer: v.issuer.trim(),
      client_id: v.client_id.trim(),
      ...(v.client_secret ? { client_secret: v.client_secret } : {}),
      domains: list(v.domains),
      role_claim: v.role_claim.trim() || null,
      // Checked above: a number never gets here.
      role_mapping: parseMapping(v.role_mapping) as Record<string, SsoRole>,
      default_role: v.default_role,
      jit_membership: v.jit_membership,
      require_sso: v.require_sso,
      trust_unverified_email: v.trust_unverified_email,
      trust_idp_mfa: v.trust_idp_mfa,
      mfa_acr_values: list(v.mfa_acr_values),
    }));
export type SsoFormValues = z.input<ReturnType<typeof ssoForm>>;

/** The saved set-up, as GET /api/v1/org/sso answers it (null before the first save). */
export type SsoConfig = GetAnswer<'/api/v1/org/sso'>['config'];

/** The form's fields from the saved set-up (the secret is never shown: empty keeps it), or a new one's. */
export function ssoDefaults(c: SsoConfig | undefined): SsoFormValues {
  return {
    issuer: c?.issuer ?? '',
    client_id: c?.client_id ?? '',
    client_secret: '',
    domains: c?.domains.join(', ') ?? '',
    role_claim: c?.role_claim ?? '',
    role_mapping: Object.entries(c?.role_mapping ?? {})
      .map(([v, r]) => `${v} = ${r}`)
      .join('\n'),
    default_role: c?.default_role ?? 'viewer',
    jit_membership: c?.jit_membership ?? true,
    require_sso: c?.require_sso ?? false,
    trust_unverified_email: c?.trust_unverified_email ?? false,
    trust_idp_mfa: c?.trust_idp_mfa ?? true,
    mfa_acr_values: c?.mfa_acr_values.join(', ') ?? '',
  };
}
