import { Locale, MembershipRole, PlanId, PollKind } from '@app/contracts';
import { z } from 'zod';

const LOCALES = Locale.options.join(', ');

/** Seconds between polls of each kind: every kind named, so the OpenAPI document (and the dashboard) knows them. */
const Intervals = z.object(
  Object.fromEntries(PollKind.options.map((kind) => [kind, z.int().positive()])) as Record<PollKind, z.ZodInt>,
);

/** The signed-in user as GET and PATCH /api/v1/me answer it. */
export const MeView = z.object({
  id: z.uuid(),
  email: z.string(),
  /** Whether the user verified their e-mail address (unverified: no API tokens, no e-mail alert channels). */
  email_verified: z.boolean(),
  name: z.string(),
  created_at: z.string(),
  /** The dashboard's language the user chose; null until they choose one (the browser's language applies). */
  locale: Locale.nullable(),
  organisations: z.array(z.object({ id: z.uuid(), name: z.string(), personal: z.boolean(), role: MembershipRole })),
  /** The organisation this request acts in (X-Org-Id, else the personal one). */
  organisation_id: z.uuid(),
  /** The user's role in that organisation. */
  role: MembershipRole,
  /** That organisation's plan. */
  plan: z.object({
    id: PlanId,
    /** null: unlimited. */
    max_servers: z.int().nullable(),
    retention_hours: z.int(),
    api_access: z.boolean(),
    /** null: unlimited. */
    api_daily_quota: z.int().nullable(),
    intervals_seconds: Intervals,
  }),
});
export type MeView = z.infer<typeof MeView>;

/** What a user changes of their own account (PATCH /api/v1/me). */
export const MeChanges = z.strictObject({
  locale: z
    .enum(Locale.options, { error: `must be one of ${LOCALES}, or null to follow the browser's language` })
    .nullable(),
});
export type MeChanges = z.infer<typeof MeChanges>;
