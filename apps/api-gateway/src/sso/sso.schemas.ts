import { z } from 'zod';

const Role = z.enum(['admin', 'operator', 'viewer']);
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain such as example.com');

/** PUT /api/v1/org/sso: the organisation's OpenID Connect set-up. */
export const SsoConfigBody = z.strictObject({
  issuer: z.url("must be the provider's issuer URL, e.g. https://login.example.com").max(500),
  client_id: z.string().trim().min(1, 'must not be empty').max(300),
  client_secret: z
    .string()
    .min(1, 'must not be empty')
    .max(1000)
    .optional()
    .describe('required the first time; left out, the stored secret is kept'),
  domains: z
    .array(domain)
    .min(1, 'must name at least one e-mail domain')
    .max(50)
    .describe('e-mail domains whose users sign in through this provider; a domain belongs to one organisation'),
  role_claim: z.string().trim().min(1).max(100).nullable().default(null).describe('ID token claim holding roles'),
  role_mapping: z
    .record(z.string().min(1).max(200), Role)
    .default({})
    .refine((m) => Object.keys(m).length <= 100, 'at most 100 entries')
    .describe('claim value -> role; the highest matching role wins'),
  default_role: Role.default('viewer').describe('the role when no mapped value matches'),
  jit_membership: z.boolean().default(true).describe('create the account and/or membership at the first sign-in'),
  require_sso: z
    .boolean()
    .default(false)
    .describe('members must sign in with SSO to act in the organisation; the owner keeps password access'),
  trust_unverified_email: z
    .boolean()
    .default(false)
    .describe('accept ID tokens without email_verified=true (only for providers that never send it)'),
  trust_idp_mfa: z
    .boolean()
    .default(true)
    .describe(
      'the "two factors required" policy accepts a sign-in the provider asserts was multi-factor (ID token amr ' +
        'with mfa, otp or hwk, or an acr of mfa_acr_values): such SSO users need no factor of the platform',
    ),
  mfa_acr_values: z
    .array(z.string().trim().min(1, 'must not be empty').max(200))
    .max(20)
    .default([])
    .describe("the provider's acr values that mean a multi-factor sign-in (e.g. a Keycloak level of assurance)"),
});
export type SsoConfigBody = z.infer<typeof SsoConfigBody>;

/** An organisation's SSO set-up as answered: never the client secret. */
export const SsoConfigView = z.object({
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.literal(true),
  domains: z.array(z.string()),
  role_claim: z.string().nullable(),
  role_mapping: z.record(z.string(), Role),
  default_role: Role,
  jit_membership: z.boolean(),
  require_sso: z.boolean(),
  trust_unverified_email: z.boolean(),
  trust_idp_mfa: z.boolean(),
  mfa_acr_values: z.array(z.string()),
  redirect_uri: z.string().describe('register this redirect URI at the provider'),
  updated_at: z.string(),
});

/** GET /api/v1/org/sso: whether the plan allows SSO, and the set-up if any. */
export const SsoStatusView = z.object({
  available: z.boolean().describe('whether the plan (Enterprise, or Team with the SSO add-on) includes SSO'),
  plan: z.string(),
  required_plan: z.string().nullable().describe('what unlocks SSO when unavailable'),
  addon: z.boolean().describe("the Team plan's SSO add-on is on"),
  redirect_uri: z.string(),
  config: SsoConfigView.nullable(),
});

export const SsoAddonBody = z.strictObject({ enabled: z.boolean() });
export const SsoAddonView = z.object({ plan: z.string(), addon: z.boolean() });

export const SsoStartBody = z.strictObject({ email: z.email('must be an e-mail address').max(254) });
export const SsoStartView = z.object({ redirect_url: z.string().describe("the provider's sign-in page") });

/**
 * The provider's redirect back: the parameters the sign-in reads (RFC 6749's code, state and error, RFC 9207's iss,
 * which openid-client checks). Unlike every other route, other parameters are ignored, not refused: providers add
 * their own (Keycloak's session_state, Google's authuser, hd and prompt, error_description...) and a 400 would strand
 * the user on a bare error page instead of the sign-in page's message.
 */
export const SsoCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
});
