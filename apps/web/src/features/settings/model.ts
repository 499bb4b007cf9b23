import { createContext, useContext } from 'react';
import type { Me } from '../../lib/account';
import type { GetAnswer, paths } from '../../lib/api/client';

/** The shapes the settings pages read and send, from the api-gateway's OpenAPI document (`lib/api/schema.d.ts`). */

type Json<T> = T extends { content: { 'application/json': infer J } } ? J : never;
type BodyOf<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = paths[P][M] extends {
  requestBody: infer B;
}
  ? Json<B>
  : never;

export type Member = GetAnswer<'/api/v1/org/members'>['members'][number];
export type Invitation = GetAnswer<'/api/v1/org/members'>['invitations'][number];
export type Role = Member['role'];
export type ApiToken = GetAnswer<'/api/v1/tokens'>[number];
export type NewToken = BodyOf<'/api/v1/tokens', 'post'>;
export type CreatedToken = Json<paths['/api/v1/tokens']['post']['responses'][201]>;
export type Scope = NewToken['scopes'][number];
export type Plan = GetAnswer<'/api/v1/plans'>[number];
export type Subscription = GetAnswer<'/api/v1/billing/subscription'>;
export type Usage = GetAnswer<'/api/v1/billing/usage'>;
export type PlanChange = BodyOf<'/api/v1/billing/subscription', 'put'>;
export type PlanId = PlanChange['plan'];
export type Period = NonNullable<PlanChange['period']>;
export type ServerSummary = GetAnswer<'/api/v1/servers'>[number];
export type Share = GetAnswer<'/api/v1/servers/{id}/shares'>[number];
export type NewShare = BodyOf<'/api/v1/servers/{id}/shares', 'post'>;
export type CreatedShare = Json<paths['/api/v1/servers/{id}/shares']['post']['responses'][201]>;
export type ShareKind = NonNullable<NewShare['kind']>;
export type AuditPage = GetAnswer<'/api/v1/audit'>;
export type AuditEntry = AuditPage['items'][number];
export type NewMember = BodyOf<'/api/v1/org/members', 'post'>;

/** POST /api/v1/org/members and POST /api/v1/org/invitations/{id}/resend: the invitation mailed (never its token). */
export type InviteResult = Json<paths['/api/v1/org/members']['post']['responses'][201]>;
export type ResendResult = Json<paths['/api/v1/org/invitations/{id}/resend']['post']['responses'][200]>;

/** The roles from least to most: the document's enum has no order, the pickers and `atLeast` need one. */
export const ROLES = ['viewer', 'operator', 'admin'] as const satisfies readonly Role[];
export const atLeast = (role: Role, min: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(min);

/**
 * The scopes a token can carry, in the order the form lists them. The document has them only as a type (the body's
 * enum), and a form needs the values; the check below fails to compile when the API adds or drops one.
 */
export const SCOPES = [
  'servers:read',
  'servers:write',
  'metrics:read',
  'alerts:read',
  'alerts:write',
] as const satisfies readonly Scope[];
const everyScope: Exclude<Scope, (typeof SCOPES)[number]> extends never ? true : false = true;
void everyScope;

export const PERIODS = ['monthly', 'yearly'] as const satisfies readonly Period[];
export const SHARE_KINDS = ['dashboard', 'overlay'] as const satisfies readonly ShareKind[];

/** Who is looking at the settings, in which organisation. */
export interface SettingsContext {
  me: Me;
  role: Role;
}
export const SettingsCtx = createContext<SettingsContext | null>(null);

export function useSettings(): SettingsContext {
  const ctx = useContext(SettingsCtx);
  if (!ctx) throw new Error('useSettings() outside <Settings>');
  return ctx;
}
