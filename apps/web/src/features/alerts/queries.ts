import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { toFailure } from '../../lib/api';
import { client, unwrap } from '../../lib/api/client';
import { keys } from '../../lib/query';
import type { DeliveryFilters, IncidentFilters } from './model';

/**
 * The alerting pages' reads (TanStack Query): one key per kind of data under `alerts`, so a change invalidates what
 * it touched by name. The open incidents and a server's rules keep themselves current while the page is visible.
 */
export const alertKeys = {
  kinds: [...keys.alerts, 'rule-kinds'] as const,
  /** Every server's rules (a channel's deletion changes rules that named it). */
  rules: [...keys.alerts, 'rules'] as const,
  serverRules: keys.serverRules,
  channels: [...keys.alerts, 'channels'] as const,
  /** Open incidents, the history and one incident's details. */
  incidents: [...keys.alerts, 'incidents'] as const,
  openIncidents: [...keys.alerts, 'incidents', 'open'] as const,
  incidentHistory: (f: IncidentFilters) => [...keys.alerts, 'incidents', 'history', f] as const,
  incident: (id: string) => [...keys.alerts, 'incidents', 'one', id] as const,
  deliveries: [...keys.alerts, 'deliveries'] as const,
  deliveryLog: (f: DeliveryFilters) => [...keys.alerts, 'deliveries', f] as const,
  silences: [...keys.alerts, 'silences'] as const,
  silenceList: (includeExpired: boolean) => [...keys.alerts, 'silences', { includeExpired }] as const,
};

/** How often lists that change on their own (incidents, rule states) are read again while the page is visible. */
export const REFRESH_MS = 15_000;
export const INCIDENT_PAGE = 25;
export const DELIVERY_PAGE = 50;

export const ruleKindsQuery = queryOptions({
  queryKey: alertKeys.kinds,
  queryFn: () => unwrap(client.GET('/api/v1/alert-rule-kinds')),
  // The catalogue changes with a deployment, not while a page is open.
  staleTime: 3_600_000,
});

export const channelsQuery = queryOptions({
  queryKey: alertKeys.channels,
  queryFn: () => unwrap(client.GET('/api/v1/notification-channels')),
});

export { serverQuery, serverRulesQuery, serversQuery } from '../../lib/server-queries';

export const silencesQuery = (includeExpired: boolean) =>
  queryOptions({
    queryKey: alertKeys.silenceList(includeExpired),
    queryFn: () =>
      unwrap(client.GET('/api/v1/silences', { params: { query: includeExpired ? { include_expired: 'true' } : {} } })),
  });

export const openIncidentsQuery = queryOptions({
  queryKey: alertKeys.openIncidents,
  queryFn: () => unwrap(client.GET('/api/v1/alerts/incidents', { params: { query: { state: 'open', limit: 200 } } })),
  refetchInterval: REFRESH_MS,
});

export const incidentQuery = (id: string) =>
  queryOptions({
    queryKey: alertKeys.incident(id),
    queryFn: () => unwrap(client.GET('/api/v1/alerts/incidents/{id}', { params: { path: { id } } })),
    // While it is open or a notification is on its way (or being retried), the details follow it.
    refetchInterval: ({ state: { data } }) =>
      data?.state === 'open' || data?.deliveries.some((d) => d.status === 'pending' || d.status === 'failed')
        ? 5_000
        : false,
  });

/** Pages forwards by the API's `next_cursor`; "Load more" fetches the next one, a filter change starts again. */
const byCursor = { initialPageParam: undefined as string | undefined } as const;
const nextCursor = (page: { next_cursor: string | null }) => page.next_cursor ?? undefined;

export const incidentHistoryQuery = (filters: IncidentFilters) =>
  infiniteQueryOptions({
    queryKey: alertKeys.incidentHistory(filters),
    queryFn: ({ pageParam }) =>
      unwrap(client.GET('/api/v1/alerts/incidents', { params: { query: { ...filters, cursor: pageParam } } })),
    ...byCursor,
    getNextPageParam: nextCursor,
  });

export const deliveryLogQuery = (filters: DeliveryFilters) =>
  infiniteQueryOptions({
    queryKey: alertKeys.deliveryLog(filters),
    queryFn: ({ pageParam }) =>
      unwrap(client.GET('/api/v1/alerts/deliveries', { params: { query: { ...filters, cursor: pageParam } } })),
    ...byCursor,
    getNextPageParam: nextCursor,
  });

/** A query's or mutation's error as the API's failure shape (message + remedy), for ErrorNote. */
export const failureOf = toFailure;
