import { queryOptions } from '@tanstack/react-query';
import type { DataSource } from '../live/source';
import { client, unwrap, type GetAnswer } from './api/client';
import { keys, queryClient } from './query';
import { startInTurns } from './tasks';

/**
 * The queries several pages share (the account, the servers list, one server's row), defined once: the routes
 * start them as soon as the address is known (`prefetch`), while the page's code is still loading, and the
 * pages read the same cache entries.
 */

/** GET /api/v1/me: the user, their saved language, organisations, role and plan (generated from the API). */
export type Me = GetAnswer<'/api/v1/me'>;
/** GET /api/v1/billing/subscription (generated from the API). */
export type Subscription = GetAnswer<'/api/v1/billing/subscription'>;

export const meQuery = queryOptions({ queryKey: keys.me, queryFn: () => unwrap(client.GET('/api/v1/me')) });
/** The plan; null when it cannot be read (the pages then show no plan figures, not an error). */
export const subscriptionQuery = queryOptions({
  queryKey: keys.subscription,
  queryFn: () => unwrap(client.GET('/api/v1/billing/subscription')).catch(() => null),
});

/** The organisation's servers (the socket keeps their statuses live in the live store). */
export const serversQuery = queryOptions({
  queryKey: keys.servers,
  queryFn: () => unwrap(client.GET('/api/v1/servers')),
});

/** One server's row; the live adapter keeps its status current from the socket. */
export const serverQuery = (id: string) =>
  queryOptions({
    queryKey: keys.server(id),
    queryFn: () => unwrap(client.GET('/api/v1/servers/{id}', { params: { path: { id } } })),
  });

/** Where the live store and the REST seeds find a server of the organisation. */
export const serverSource = (id: string): DataSource => ({ key: id, base: `/api/v1/servers/${id}`, auth: true });

/** One server's alert rules with their states (the alerting pages and the dashboard's rules link). */
export const serverRulesQuery = (serverId: string) =>
  queryOptions({
    queryKey: keys.serverRules(serverId),
    queryFn: () => unwrap(client.GET('/api/v1/servers/{id}/alert-rules', { params: { path: { id: serverId } } })),
  });

/**
 * Starts the given queries, one request per task (each costs the page a few milliseconds): the routes' loaders call
 * it with what their page shows first (the signed-in frame: account and plan; the servers list or one server's page:
 * its rows), in parallel with loading the page's code instead of after its first render. Fresh answers in the cache
 * are not asked again; failures are the page's to show (its query asks again).
 */
export function prefetch(...queries: object[]): void {
  type Options = Parameters<typeof queryClient.prefetchQuery>[0];
  void startInTurns(queries, (q) => queryClient.prefetchQuery(q as Options));
}
