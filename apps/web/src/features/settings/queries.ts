import { useInfiniteQuery, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { reloadAccount } from '../../lib/account';
import { session } from '../../lib/api';
import { client, unwrap } from '../../lib/api/client';
import { keys, queryClient } from '../../lib/query';
import type { CreatedShare, CreatedToken, NewMember, NewShare, NewToken, PlanChange, Role } from './model';

/**
 * The settings' server state on TanStack Query: one query per list, one mutation per write. Every write
 * invalidates what it changed and the audit log (which records it), so no page reloads by hand. Everything but the
 * plan table belongs to the organisation; `lib/account` drops the whole cache when the organisation changes.
 */
export const settingsKeys = {
  tokens: [...keys.settings, 'tokens'] as const,
  members: [...keys.settings, 'members'] as const,
  plans: ['plans'] as const,
  subscription: [...keys.settings, 'subscription'] as const,
  usage: [...keys.settings, 'usage'] as const,
  shares: (serverId: string) => [...keys.settings, 'shares', serverId] as const,
  audit: [...keys.settings, 'audit'] as const,
};

export const AUDIT_PAGE_SIZE = 50;

/** After a write: fetch again what it changed, and the audit log that now has a line about it. */
const refresh = (...changed: QueryKey[]) =>
  Promise.all([...changed, settingsKeys.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export const useTokens = () =>
  useQuery({ queryKey: settingsKeys.tokens, queryFn: () => unwrap(client.GET('/api/v1/tokens')) });

/** The created token's secret is only in the mutation's answer (`data`), never in the cache: shown once. */
export const useCreateToken = () =>
  useMutation({
    mutationFn: (body: NewToken): Promise<CreatedToken> => unwrap(client.POST('/api/v1/tokens', { body })),
    onSuccess: () => refresh(settingsKeys.tokens),
  });

export const useRevokeToken = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/api/v1/tokens/{id}', { params: { path: { id } } })),
    onSuccess: () => refresh(settingsKeys.tokens),
  });

export const useMembers = () =>
  useQuery({ queryKey: settingsKeys.members, queryFn: () => unwrap(client.GET('/api/v1/org/members')) });

export const useInvite = () =>
  useMutation({
    mutationFn: (body: NewMember) => unwrap(client.POST('/api/v1/org/members', { body })),
    onSuccess: () => refresh(settingsKeys.members),
  });

export const useChangeRole = (myId: string) =>
  useMutation({
    mutationFn: (v: { userId: string; role: Role }) =>
      unwrap(
        client.PATCH('/api/v1/org/members/{userId}', {
          params: { path: { userId: v.userId } },
          body: { role: v.role },
        }),
      ),
    // The layout shows the caller's role: a change of one's own role refreshes the account too.
    onSuccess: (_, v) => Promise.all([refresh(settingsKeys.members), v.userId === myId && reloadAccount()]),
  });

export const useRemoveMember = (myId: string) =>
  useMutation({
    mutationFn: (userId: string) =>
      unwrap(client.DELETE('/api/v1/org/members/{userId}', { params: { path: { userId } } })),
    onSuccess: (_, userId) => {
      // Leaving the organisation: back to the personal one (the session change empties the cache).
      if (userId === myId) session.setOrg(null);
      else return refresh(settingsKeys.members);
    },
  });

/** Mails a pending invitation again with a new link (at most once a minute; the API answers 429 before). */
export const useResendInvitation = () =>
  useMutation({
    mutationFn: (id: string) =>
      unwrap(client.POST('/api/v1/org/invitations/{id}/resend', { params: { path: { id } } })),
    onSuccess: () => refresh(settingsKeys.members),
  });

export const useWithdrawInvitation = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/api/v1/org/invitations/{id}', { params: { path: { id } } })),
    onSuccess: () => refresh(settingsKeys.members),
  });

export const usePlans = () =>
  useQuery({
    queryKey: settingsKeys.plans,
    queryFn: () => unwrap(client.GET('/api/v1/plans')),
    staleTime: 60 * 60_000,
  });

export const useSubscription = () =>
  useQuery({
    queryKey: settingsKeys.subscription,
    queryFn: () => unwrap(client.GET('/api/v1/billing/subscription')),
  });

export const useUsage = () =>
  useQuery({ queryKey: settingsKeys.usage, queryFn: () => unwrap(client.GET('/api/v1/billing/usage')) });

/** A new plan changes the limits everywhere: the layout's account and plan too (`reloadAccount`). */
export const useChangePlan = () =>
  useMutation({
    mutationFn: (body: PlanChange) => unwrap(client.PUT('/api/v1/billing/subscription', { body })),
    onSuccess: (next) => {
      queryClient.setQueryData(settingsKeys.subscription, next);
      return Promise.all([refresh(settingsKeys.subscription, settingsKeys.usage), reloadAccount()]);
    },
  });

/** The organisation's servers (the share links' picker): the same list and key the servers page reads. */
export const useServerList = () =>
  useQuery({ queryKey: keys.servers, queryFn: () => unwrap(client.GET('/api/v1/servers')) });

export const useShares = (serverId: string) =>
  useQuery({
    queryKey: settingsKeys.shares(serverId),
    queryFn: () => unwrap(client.GET('/api/v1/servers/{id}/shares', { params: { path: { id: serverId } } })),
  });

export const useCreateShare = () =>
  useMutation({
    mutationFn: (v: { serverId: string; body: NewShare }): Promise<CreatedShare> =>
      unwrap(client.POST('/api/v1/servers/{id}/shares', { params: { path: { id: v.serverId } }, body: v.body })),
    onSuccess: (_, v) => refresh(settingsKeys.shares(v.serverId)),
  });

export const useRevokeShare = () =>
  useMutation({
    mutationFn: (v: { serverId: string; shareId: string }) =>
      unwrap(
        client.DELETE('/api/v1/servers/{id}/shares/{shareId}', {
          params: { path: { id: v.serverId, shareId: v.shareId } },
        }),
      ),
    onSuccess: (_, v) => refresh(settingsKeys.shares(v.serverId)),
  });

/** The audit log, newest first; the API pages forwards with `next_cursor` (null on the last page). */
export const useAuditLog = () =>
  useInfiniteQuery({
    queryKey: settingsKeys.audit,
    queryFn: ({ pageParam }) =>
      unwrap(
        client.GET('/api/v1/audit', {
          params: { query: { limit: AUDIT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
