import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { client, unwrap, type GetAnswer } from '../../../lib/api/client';
import { keys, queryClient } from '../../../lib/query';

/** A status page as the settings API answers it (generated from the API). */
export type StatusPage = GetAnswer<'/api/v1/status-pages'>[number];

export const INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];
export const INCIDENT_IMPACTS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const;
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number];

export const statusKeys = {
  pages: [...keys.settings, 'status-pages'] as const,
  incidents: (pageId: string) => [...keys.settings, 'status-pages', pageId, 'incidents'] as const,
  audit: [...keys.settings, 'audit'] as const,
};

/** After a write: fetch again what it changed, and the audit log that records it. */
const refresh = (...changed: QueryKey[]) =>
  Promise.all([...changed, statusKeys.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export const useStatusPages = () =>
  useQuery({ queryKey: statusKeys.pages, queryFn: () => unwrap(client.GET('/api/v1/status-pages')) });

export const useCreateStatusPage = () =>
  useMutation({
    mutationFn: (body: { slug: string; title: string; server_ids: string[] }) =>
      unwrap(client.POST('/api/v1/status-pages', { body })),
    onSuccess: () => refresh(statusKeys.pages),
  });

export const useUpdateStatusPage = () =>
  useMutation({
    mutationFn: (v: { id: string; body: { title?: string; server_ids?: string[] } }) =>
      unwrap(client.PATCH('/api/v1/status-pages/{id}', { params: { path: { id: v.id } }, body: v.body })),
    onSuccess: () => refresh(statusKeys.pages),
  });

export const useDeleteStatusPage = () =>
  useMutation({
    mutationFn: (id: string) => unwrap(client.DELETE('/api/v1/status-pages/{id}', { params: { path: { id } } })),
    onSuccess: () => refresh(statusKeys.pages),
  });

export const useStatusIncidents = (pageId: string) =>
  useQuery({
    queryKey: statusKeys.incidents(pageId),
    queryFn: () => unwrap(client.GET('/api/v1/status-pages/{id}/incidents', { params: { path: { id: pageId } } })),
  });

export const usePostIncident = () =>
  useMutation({
    mutationFn: (v: { pageId: string; body: { title: string; impact: IncidentImpact; message: string } }) =>
      unwrap(client.POST('/api/v1/status-pages/{id}/incidents', { params: { path: { id: v.pageId } }, body: v.body })),
    onSuccess: (_, v) => refresh(statusKeys.incidents(v.pageId)),
  });

export const useAddIncidentUpdate = () =>
  useMutation({
    mutationFn: (v: { pageId: string; incidentId: string; body: { state: IncidentState; message: string } }) =>
      unwrap(
        client.POST('/api/v1/status-pages/{id}/incidents/{incidentId}/updates', {
          params: { path: { id: v.pageId, incidentId: v.incidentId } },
          body: v.body,
        }),
      ),
    onSuccess: (_, v) => refresh(statusKeys.incidents(v.pageId)),
  });
