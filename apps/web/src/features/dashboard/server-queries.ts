import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { client, unwrap, type GetAnswer, type paths } from '../../lib/api/client';
import { reloadAccount } from '../../lib/account';
import { keys } from '../../lib/query';
import { liveStore } from '../../live/store';

/** GET /api/v1/servers/{id} (also the answer of PATCH). */
export type ServerDetails = GetAnswer<'/api/v1/servers/{id}'>;
export type ServerChanges = NonNullable<
  paths['/api/v1/servers/{id}']['patch']['requestBody']
>['content']['application/json'];

type DiagnoseAnswer200 =
  paths['/api/v1/servers/{id}/diagnose']['post']['responses'][200]['content']['application/json'];
/**
 * POST /api/v1/servers/{id}/diagnose. The document leaves out `failure` (servers.service.ts adds it: the failed
 * step's code, what was observed and the remedy), so it is added here.
 */
export type DiagnoseAnswer = DiagnoseAnswer200 & {
  failure?: { code: string; step: string; reason: string; observed: string; remedy: string } | null;
};

export { serverQuery, serverSource } from '../../lib/server-queries';

/** Rename, new ports or admin password: the answer replaces the cached row, the list is read again. */
export function useUpdateServer(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ServerChanges) =>
      unwrap(client.PATCH('/api/v1/servers/{id}', { params: { path: { id } }, body })),
    onSuccess: (updated) => {
      qc.setQueryData(keys.server(id), updated);
      liveStore.setName(id, updated.name);
      return qc.invalidateQueries({ queryKey: keys.servers, exact: true });
    },
  });
}

/** Delete: the server leaves the list and the plan's usage, and the page goes back to the servers. */
export function useDeleteServer(id: string) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/api/v1/servers/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      liveStore.forget(id);
      qc.setQueryData(keys.servers, (list: unknown) =>
        Array.isArray(list) ? list.filter((s: { id?: string }) => s.id !== id) : list,
      );
      await navigate({ to: '/servers', replace: true });
      void qc.invalidateQueries({ queryKey: keys.servers, exact: true });
      void reloadAccount();
    },
  });
}

/** Runs the diagnostic steps again (nothing is cached: each run is a new probe). */
export function useDiagnose(id: string) {
  return useMutation({
    mutationFn: () =>
      unwrap(client.POST('/api/v1/servers/{id}/diagnose', { params: { path: { id } } })) as Promise<DiagnoseAnswer>,
  });
}
