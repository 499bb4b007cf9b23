import { createContext, useContext } from 'react';

/** The shapes the settings pages read from the API (apps/api-gateway controllers; snake_case as sent). */

export type Role = 'admin' | 'operator' | 'viewer';
export const ROLES: readonly Role[] = ['viewer', 'operator', 'admin'];
export const atLeast = (role: Role, min: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(min);

/** GET /api/v1/me: `organisation_id` and `role` are those of the organisation the request acted in. */
export interface Me {
  id: string;
  email: string;
  name: string;
  organisation_id: string;
  role: Role;
  organisations: { id: string; name: string; personal: boolean; role: Role }[];
}

export const SCOPES = ['servers:read', 'servers:write', 'metrics:read', 'alerts:read', 'alerts:write'] as const;

export interface ApiToken {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface Member {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  joined_at: string;
}
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  expires_at: string;
}
export type InviteResult =
  | { status: 'added'; member: Member }
  | { status: 'invited'; invitation: Invitation & { token: string }; remedy: string };

export type Period = 'monthly' | 'yearly';
export interface Plan {
  id: string;
  name: string;
  price: { currency: string; monthly: number | null; yearly: number | null };
  servers: number | null;
  retention_hours: number | null;
  polling_intervals_seconds: Record<string, number>;
  discord_alerts: boolean;
  multi_channel_alerts: boolean;
  api_access: boolean;
  api_daily_quota: number | null;
  share_links: boolean;
  roles: boolean;
  sla: string | null;
}
export interface Subscription {
  plan: Plan;
  period: Period;
  started_at: string | null;
  limits: { servers: number | null; retention_hours: number; api_daily_quota: number | null };
  usage: { servers: number };
}
export interface Usage {
  day: string;
  api_requests: { used: number; limit: number | null; remaining: number | null; reset_at: string };
  servers: { used: number; limit: number | null };
}

export interface ServerSummary {
  id: string;
  name: string;
}
export type ShareKind = 'dashboard' | 'overlay';
export interface Share {
  id: string;
  server_id: string;
  kind: ShareKind;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface AuditEntry {
  id: string;
  time: string;
  action: string;
  actor: { user_id: string | null; email: string | null; token_id: string | null };
  target: { type: string; id: string } | null;
  details: Record<string, unknown>;
  ip: string | null;
  request_id: string | null;
}
export interface AuditPage {
  items: AuditEntry[];
  next_cursor: string | null;
}

/** Who is looking at the settings, in which organisation. */
export interface SettingsContext {
  me: Me;
  role: Role;
  reloadMe: () => void;
}
export const SettingsCtx = createContext<SettingsContext | null>(null);

export function useSettings(): SettingsContext {
  const ctx = useContext(SettingsCtx);
  if (!ctx) throw new Error('useSettings() outside <Settings>');
  return ctx;
}
