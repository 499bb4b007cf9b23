import { z } from 'zod';

/** A 6-digit TOTP code or a recovery code as typed. */
const code = z.string().trim().min(6, 'must be a 6-digit code or a recovery code').max(32);

/** A WebAuthn answer of the browser (SimpleWebAuthn's JSON), checked in depth by the WebAuthn verification. */
export const WebAuthnResponse = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(10_000) }),
  clientExtensionResults: z.looseObject({}).optional().default({}),
});

/** The options the browser passes to navigator.credentials (SimpleWebAuthn's startRegistration/startAuthentication). */
export const WebAuthnOptions = z.looseObject({ challenge: z.string() });

export const TwoFactorStatus = z.object({
  totp_enabled: z.boolean(),
  totp_pending: z.boolean(),
  recovery_codes_remaining: z.int(),
  passkeys: z.int(),
  required_by: z.array(z.object({ id: z.uuid(), name: z.string() })),
});

export const TotpEnrolment = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string().describe('the otpauth URI as a QR code: an SVG data URL'),
});

export const CodeBody = z.strictObject({ code });
export const DisableTotpBody = z
  .strictObject({ password: z.string().min(1).max(256).optional(), code: code.optional() })
  .refine((b) => b.password !== undefined || b.code !== undefined, 'send the current password or a code');

export const RecoveryCodes = z.object({
  recovery_codes: z.array(z.string()).describe('ten one-time codes, shown only in this answer'),
});

const passkeyName = z.string().trim().min(1, 'must not be empty').max(100);
export const AddPasskeyBody = z.strictObject({ response: WebAuthnResponse, name: passkeyName });
export const RenamePasskeyBody = z.strictObject({ name: passkeyName });
export const PasskeyView = z.object({
  id: z.uuid(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const SessionResponse = z.object({ token: z.string(), expires_at: z.string() });

/** The answer of POST /auth/login when the account has a second factor (no session yet). */
export const SecondFactorStep = z.object({
  second_factor_required: z.literal(true),
  challenge: z.string().describe('send it to POST /api/v1/auth/login/second-factor within 5 minutes'),
  methods: z.array(z.enum(['totp', 'recovery_code', 'passkey'])),
  expires_at: z.string(),
  passkey_options: WebAuthnOptions.nullable(),
});

export const SecondFactorBody = z
  .strictObject({
    challenge: z.string().min(1).max(200),
    totp: code.optional(),
    recovery_code: code.optional(),
    passkey: WebAuthnResponse.optional(),
  })
  .refine(
    (b) => [b.totp, b.recovery_code, b.passkey].filter((v) => v !== undefined).length === 1,
    'send exactly one of totp, recovery_code or passkey',
  );

export const PasskeySignInBody = z.strictObject({ response: WebAuthnResponse });

export const OrgSecurity = z.object({
  require_two_factor: z.boolean(),
  /** Whether the plan has the policy (Team and Enterprise). */
  available: z.boolean(),
  plan: z.string(),
});
export const OrgSecurityChanges = z.strictObject({ require_two_factor: z.boolean() });
