import { useEffect, useSyncExternalStore } from 'react';
import { api, session, type ApiFailure } from '../api';

/** GET /api/v1/me */
export interface Me {
  id: string;
  email: string;
  name: string;
  organisation_id: string;
  role: 'admin' | 'operator' | 'viewer';
  organisations: { id: string; name: string; personal: boolean; role: 'admin' | 'operator' | 'viewer' }[];
  plan: { id: string; max_servers: number | null; retention_hours: number };
}

/** GET /api/v1/billing/subscription */
export interface Subscription {
  plan: {
    id: string;
    name: string;
    servers: number | null;
    retention_hours: number | null;
    polling_intervals_seconds: Record<string, number>;
    share_links: boolean;
  };
  limits: { servers: number | null; retention_hours: number; api_daily_quota: number | null };
  usage: { servers: number };
}

export interface Account {
  me: Me | null;
  subscription: Subscription | null;
  error: ApiFailure | null;
  loading: boolean;
}

/**
 * The signed-in user, their role in the current organisation and the plan, loaded once per session and
 * organisation and shared by the layout and every page.
 */
let state: Account = { me: null, subscription: null, error: null, loading: false };
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

function set(next: Account): void {
  state = next;
  listeners.forEach((l) => l());
}

function keyNow(): string | null {
  const token = session.token();
  return token ? `${token}|${session.orgId() ?? ''}` : null;
}

export async function reloadAccount(): Promise<void> {
  const key = keyNow();
  loadedFor = key;
  if (!key) {
    set({ me: null, subscription: null, error: null, loading: false });
    return;
  }
  set({ ...state, loading: true });
  try {
    const [me, subscription] = await Promise.all([
      api<Me>('GET', '/api/v1/me'),
      api<Subscription>('GET', '/api/v1/billing/subscription').catch(() => null),
    ]);
    if (loadedFor === key) set({ me, subscription, error: null, loading: false });
  } catch (e) {
    if (loadedFor === key) set({ ...state, error: e as ApiFailure, loading: false });
  }
}

session.subscribe(() => {
  if (keyNow() !== loadedFor) {
    state = { me: null, subscription: null, error: null, loading: false };
    void reloadAccount();
  }
});

export function useAccount(): Account {
  const a = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
  useEffect(() => {
    if (keyNow() !== loadedFor) void reloadAccount();
  }, []);
  return a;
}

/** Operators and admins change servers; viewers only look. */
export function canWrite(account: Account): boolean {
  return account.me !== null && account.me.role !== 'viewer';
}

/** Expected seconds between polls of each kind (the plan's intervals; the paid-plan defaults otherwise). */
export type Intervals = Record<'health' | 'power' | 'players' | 'production' | 'trains' | 'drones' | 'factory', number>;

export const DEFAULT_INTERVALS: Intervals = {
  health: 10,
  power: 30,
  players: 30,
  production: 30,
  trains: 30,
  drones: 30,
  factory: 60,
};

export function intervalsOf(sub: Subscription | null): Intervals {
  const p = sub?.plan.polling_intervals_seconds ?? {};
  return {
    health: p.health ?? DEFAULT_INTERVALS.health,
    power: p.power ?? DEFAULT_INTERVALS.power,
    players: p.players ?? DEFAULT_INTERVALS.players,
    production: p.production ?? DEFAULT_INTERVALS.production,
    trains: p.trains ?? DEFAULT_INTERVALS.trains,
    drones: p.drones ?? DEFAULT_INTERVALS.drones,
    factory: p.factory_buildings ?? DEFAULT_INTERVALS.factory,
  };
}
