import { QueryClient } from '@tanstack/react-query';
import { ApiFailure } from './api';

/**
 * The dashboard's one cache of server state (TanStack Query). Answers stay fresh for 10 s; a failure the user
 * caused (4xx) is not retried, a network or server failure twice with backoff. Pages never reload by hand:
 * mutations invalidate the keys they change, and the socket's adapter (`live/`) writes deltas in.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, error) => !(error instanceof ApiFailure && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

/** Query keys by what they hold, so invalidations name data, not URLs. */
export const keys = {
  me: ['me'] as const,
  subscription: ['billing', 'subscription'] as const,
  servers: ['servers'] as const,
  server: (id: string) => ['servers', id] as const,
  alerts: ['alerts'] as const,
  /** One server's alert rules (under `alerts`, so the alerting pages' invalidations reach it). */
  serverRules: (serverId: string) => ['alerts', 'rules', serverId] as const,
  settings: ['settings'] as const,
};
