import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { client, unwrap } from '../../lib/api/client';
import type {
  Channel,
  ChannelChanges,
  NewChannel,
  NewRule,
  NewSilence,
  Rule,
  RuleChanges,
  SavedChannel,
  Silence,
} from './model';
import { alertKeys } from './queries';

/**
 * The alerting pages' writes (TanStack Query mutations). Each writes the API's answer into the cached list at once
 * (no flash of old data) and then invalidates what the change may have touched elsewhere, read again in the
 * background: a rule change closes incidents, a deleted channel leaves the rules that named it, a silence mutes.
 */

const invalidate = (qc: QueryClient, ...queryKeys: QueryKey[]) => {
  for (const queryKey of queryKeys) void qc.invalidateQueries({ queryKey });
};

function replaceIn<T extends { id: string }>(qc: QueryClient, key: QueryKey, item: T): void {
  qc.setQueryData<T[]>(key, (list) => list?.map((x) => (x.id === item.id ? { ...x, ...item } : x)));
}

/** Create, change (thresholds, switch on or off) and delete the rules of one server. */
export function useRuleMutations(serverId: string) {
  const qc = useQueryClient();
  const key = alertKeys.serverRules(serverId);
  const path = { id: serverId };
  const settle = () => invalidate(qc, key, alertKeys.incidents);
  return {
    create: useMutation({
      mutationFn: (body: NewRule) =>
        unwrap(client.POST('/api/v1/servers/{id}/alert-rules', { params: { path }, body })),
      onSuccess: (rule) => qc.setQueryData<Rule[]>(key, (list) => list && [...list, rule]),
      onSettled: settle,
    }),
    update: useMutation({
      mutationFn: ({ ruleId, changes }: { ruleId: string; changes: RuleChanges }) =>
        unwrap(
          client.PATCH('/api/v1/servers/{id}/alert-rules/{ruleId}', {
            params: { path: { ...path, ruleId } },
            body: changes,
          }),
        ),
      onSuccess: (rule) => replaceIn(qc, key, rule),
      onSettled: settle,
    }),
    remove: useMutation({
      mutationFn: (ruleId: string) =>
        unwrap(client.DELETE('/api/v1/servers/{id}/alert-rules/{ruleId}', { params: { path: { ...path, ruleId } } })),
      onSuccess: (_, ruleId) => qc.setQueryData<Rule[]>(key, (list) => list?.filter((r) => r.id !== ruleId)),
      onSettled: settle,
    }),
  };
}

/** Without the once-shown secret: what the list keeps. */
const rowOf = (saved: SavedChannel): Channel => {
  const { signing_secret: _secret, ...row } = saved;
  return row;
};

/** Add, change (rename, switch, new settings, language, new signing secret) and delete notification channels. */
export function useChannelMutations() {
  const qc = useQueryClient();
  const key = alertKeys.channels;
  return {
    create: useMutation({
      mutationFn: (body: NewChannel) =>
        unwrap(client.POST('/api/v1/notification-channels', { body })) as Promise<SavedChannel>,
      onSuccess: (saved) => qc.setQueryData<Channel[]>(key, (list) => list && [...list, rowOf(saved)]),
      onSettled: () => invalidate(qc, key),
    }),
    update: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: ChannelChanges }) =>
        unwrap(
          client.PATCH('/api/v1/notification-channels/{id}', { params: { path: { id } }, body: changes }),
        ) as Promise<SavedChannel>,
      onSuccess: (saved) => replaceIn(qc, key, rowOf(saved)),
      onSettled: () => invalidate(qc, key),
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        unwrap(client.DELETE('/api/v1/notification-channels/{id}', { params: { path: { id } } })),
      onSuccess: (_, id) => qc.setQueryData<Channel[]>(key, (list) => list?.filter((c) => c.id !== id)),
      onSettled: () => invalidate(qc, key, alertKeys.rules, alertKeys.deliveries),
    }),
  };
}

/** "Send test" of one channel: the receiver's verdict; the channel's last delivery is read again after it. */
export function useChannelTest(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(client.POST('/api/v1/notification-channels/{id}/test', { params: { path: { id: channelId } } })),
    onSettled: () => invalidate(qc, alertKeys.channels, alertKeys.deliveries),
  });
}

/** Mails new confirmation links to an e-mail channel's recipients that have not confirmed. */
export function useResendConfirmations(channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        client.POST('/api/v1/notification-channels/{id}/recipients/resend', { params: { path: { id: channelId } } }),
      ),
    onSettled: () => invalidate(qc, alertKeys.channels),
  });
}

/** Mute (once or weekly) and end a silence; open incidents show whether they are silenced. */
export function useSilenceMutations() {
  const qc = useQueryClient();
  const settle = () => invalidate(qc, alertKeys.silences, alertKeys.incidents);
  return {
    create: useMutation({
      mutationFn: (body: NewSilence) => unwrap(client.POST('/api/v1/silences', { body })),
      onSuccess: (silence) =>
        qc.setQueriesData<Silence[]>({ queryKey: alertKeys.silences }, (list) => list && [silence, ...list]),
      onSettled: settle,
    }),
    end: useMutation({
      mutationFn: (id: string) => unwrap(client.DELETE('/api/v1/silences/{id}', { params: { path: { id } } })),
      onSuccess: (_, id) =>
        qc.setQueriesData<Silence[]>({ queryKey: alertKeys.silences }, (list) => list?.filter((s) => s.id !== id)),
      onSettled: settle,
    }),
  };
}
