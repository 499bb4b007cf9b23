import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { session, type ApiFailure } from './api';
import { keys, queryClient } from './query';
import { meQuery, subscriptionQuery, type Me, type Subscription } from './server-queries';

export type { Me, Subscription } from './server-queries';

export interface Account {
  me: Me | null;
  subscription: Subscription | null;
  error: ApiFailure | null;
  loading: boolean;
}

/**
 * The signed-in user, their role in the current organisation and the plan: two queries shared by the layout and
 * every page (TanStack Query), dropped and fetched anew when the session or the organisation changes.
 */
export function useAccount(): Account {
  const token = useSyncExternalStore(session.subscribe, session.token);
  const me = useQuery({ ...meQuery, enabled: token !== null });
  const subscription = useQuery({ ...subscriptionQuery, enabled: token !== null });
  return {
    me: me.data ?? null,
    subscription: subscription.data ?? null,
    error: (me.error as ApiFailure | null) ?? null,
    loading: me.isPending && token !== null,
  };
}

/** After a change to the user, the organisation or the plan: fetch both again. */
export function reloadAccount(): Promise<void> {
  return queryClient
    .invalidateQueries({ queryKey: keys.me })
    .then(() => queryClient.invalidateQueries({ queryKey: keys.subscription }));
}

/** The localStorage key other tabs of the dashboard watch: "the account changed, read it again". */
const ACCOUNT_CHANGED_KEY = 'gsm.account-changed';

/**
 * The account changed in a way every page shows (e.g. the e-mail address verified): it is read again now, even
 * where no page shows it yet (the verify page has no layout: the next page renders the fresh account, not the
 * cached one), and the other open tabs of the dashboard are told to read it again too (their banner goes at once).
 */
export async function accountChanged(): Promise<void> {
  try {
    localStorage.setItem(ACCOUNT_CHANGED_KEY, String(Date.now()));
  } catch {
    // Storage unavailable (private mode): only this tab learns of it.
  }
  await queryClient.refetchQueries({ queryKey: keys.me, type: 'all' });
  await queryClient.invalidateQueries({ queryKey: keys.subscription });
}

if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === ACCOUNT_CHANGED_KEY) void reloadAccount();
  });

let sessionKey = keyNow();
function keyNow(): string | null {
  const token = session.token();
  return token ? `${token}|${session.orgId() ?? ''}` : null;
}
session.subscribe(() => {
  if (keyNow() === sessionKey) return;
  sessionKey = keyNow();
  // Another user or organisation: nothing cached belongs to it.
  queryClient.removeQueries();
});

/** Operators and admins change servers; viewers only look. */
export function canWrite(account: Account): boolean {
  return account.me !== null && account.me.role !== 'viewer';
}

/** Expected seconds between polls of each kind (the plan's intervals; the paid-plan defaults otherwise). */
export type Intervals = Record<
  | 'health'
  | 'power'
  | 'players'
  | 'production'
  | 'trains'
  | 'drones'
  | 'factory'
  | 'generators'
  | 'extractors'
  | 'drone_stations'
  | 'inventory'
  | 'resource_sink',
  number
>;

export const DEFAULT_INTERVALS: Intervals = {
  health: 10,
  power: 30,
  players: 30,
  production: 30,
  trains: 30,
  drones: 30,
  factory: 60,
  generators: 15,
  extractors: 30,
  drone_stations: 30,
  inventory: 30,
  resource_sink: 60,
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
    generators: p.generators ?? DEFAULT_INTERVALS.generators,
    extractors: p.extractors ?? DEFAULT_INTERVALS.extractors,
    drone_stations: p.drone_stations ?? DEFAULT_INTERVALS.drone_stations,
    inventory: p.inventory ?? DEFAULT_INTERVALS.inventory,
    resource_sink: p.resource_sink ?? DEFAULT_INTERVALS.resource_sink,
  };
}
