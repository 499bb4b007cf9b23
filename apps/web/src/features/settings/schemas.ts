import { z } from 'zod';
import {
  PERIODS,
  ROLES,
  SCOPES,
  SHARE_KINDS,
  type NewShare,
  type NewToken,
  type PlanChange,
  type PlanId,
} from './model';

/**
 * The settings' forms, validated in the browser with the API's own limits (apps/api-gateway tokens, members,
 * shares and billing controllers; their schemas import Node-only code, so they are restated here). Messages are
 * keys of the `settings` namespace (`form.errors.*`); the form renders them in the reader's language.
 */

/** The expiry choices of a new token, in days; "never" sends none. */
export const TOKEN_EXPIRY = ['30', '90', '365', 'never'] as const;
/** A new token expires by default: a forgotten token stops working on its own (issue 22). */
export const DEFAULT_TOKEN_EXPIRY: (typeof TOKEN_EXPIRY)[number] = '90';

export const tokenForm = z.object({
  name: z.string().trim().min(1, 'form.errors.nameRequired').max(100, 'form.errors.nameTooLong'),
  scopes: z.array(z.enum(SCOPES)).min(1, 'form.errors.scopesRequired'),
  expiry: z.enum(TOKEN_EXPIRY, 'form.errors.expiryInvalid'),
});
export type TokenForm = z.input<typeof tokenForm>;

/** The form's values as POST /api/v1/tokens takes them. */
export function tokenBody(v: z.output<typeof tokenForm>): NewToken {
  return { name: v.name, scopes: v.scopes, ...(v.expiry === 'never' ? {} : { expires_in_days: Number(v.expiry) }) };
}

export const inviteForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'form.errors.emailRequired')
    .max(254, 'form.errors.emailTooLong')
    .pipe(z.email('form.errors.emailInvalid')),
  role: z.enum(ROLES, 'form.errors.roleInvalid'),
});
export type InviteForm = z.input<typeof inviteForm>;

/**
 * A share link: the server, dashboard or overlay, and an optional end. `expires` is a `datetime-local` value (the
 * reader's local time, no zone); the API takes an ISO 8601 instant in the future. `now` is injected for tests.
 */
export const shareForm = (now: () => number = Date.now) =>
  z.object({
    server: z.string().min(1, 'form.errors.serverRequired'),
    kind: z.enum(SHARE_KINDS, 'form.errors.kindInvalid'),
    expires: z
      .string()
      .refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), 'form.errors.expiresInvalid')
      .refine((v) => v === '' || Number.isNaN(new Date(v).getTime()) || new Date(v).getTime() > now(), {
        message: 'form.errors.expiresPast',
      }),
  });
export type ShareForm = z.input<ReturnType<typeof shareForm>>;

/** The form's values as POST /api/v1/servers/{id}/shares takes them. */
export function shareBody(v: ShareForm): NewShare {
  return { kind: v.kind, ...(v.expires ? { expires_at: new Date(v.expires).toISOString() } : {}) };
}

/**
 * A change of plan: the plans an organisation picks itself (Enterprise is arranged, not chosen), a billing period,
 * and something to change: the plan and period it already has are refused before they reach the API.
 */
export const SELF_SERVICE_PLANS = ['free', 'hobby', 'pro', 'team'] as const satisfies readonly PlanId[];

export const planForm = (current: { plan: string; period: string } | null) =>
  z
    .object({
      plan: z.enum(SELF_SERVICE_PLANS, 'form.errors.planRequired'),
      period: z.enum(PERIODS, 'form.errors.periodInvalid'),
    })
    .refine((v) => !current || v.plan !== current.plan || v.period !== current.period, {
      message: 'form.errors.planUnchanged',
      path: ['plan'],
    });
export type PlanForm = z.input<ReturnType<typeof planForm>>;
export const planBody = (v: PlanForm): PlanChange => ({ plan: v.plan, period: v.period });
