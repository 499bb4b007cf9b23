import { useMutation, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../lib/api/client';
import type { paths } from '../../lib/api/schema';
import { queryClient } from '../../lib/query';

/** One session as GET /api/v1/me/sessions lists it. */
export type SessionRow = paths['/api/v1/me/sessions']['get']['responses'][200]['content']['application/json'][number];

/** The signed-in user's dashboard sessions: the user's own, whatever organisation the dashboard acts in. */
export const sessionKeys = { all: ['account', 'sessions'] as const };

export const useSessions = () =>
  useQuery({ queryKey: sessionKeys.all, queryFn: () => unwrap(client.GET('/api/v1/me/sessions')) });

export const useRevokeSession = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/api/v1/me/sessions/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });

/** Signs out every session of the user, this one included (the caller then leaves for the sign-in page). */
export const useRevokeAllSessions = () =>
  useMutation({ mutationFn: () => unwrap(client.POST('/api/v1/me/sessions/revoke-all')) });
