import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../lib/api/client';
import type { IncidentDetails } from './model';
import { alertKeys } from './queries';

/**
 * "I am on it" on one incident: acknowledge (optionally telling its channels), take it back, add a note. Each
 * writes the answer into the incident's cached details at once, then reads the incident lists again.
 */
export function useIncidentAck(incidentId: string) {
  const qc = useQueryClient();
  const key = alertKeys.incident(incidentId);
  const path = { id: incidentId };
  const merge = (changes: Partial<IncidentDetails>) =>
    qc.setQueryData<IncidentDetails>(key, (details) => details && { ...details, ...changes });
  const settle = () => void qc.invalidateQueries({ queryKey: alertKeys.incidents });
  return {
    acknowledge: useMutation({
      mutationFn: (notifyChannels: boolean) =>
        unwrap(
          client.POST('/api/v1/alerts/incidents/{id}/acknowledge', {
            params: { path },
            body: { notify_channels: notifyChannels },
          }),
        ),
      onSuccess: (incident) => merge(incident),
      onSettled: settle,
    }),
    unacknowledge: useMutation({
      mutationFn: () => unwrap(client.DELETE('/api/v1/alerts/incidents/{id}/acknowledge', { params: { path } })),
      onSuccess: (incident) => merge(incident),
      onSettled: settle,
    }),
    addNote: useMutation({
      mutationFn: (text: string) =>
        unwrap(client.POST('/api/v1/alerts/incidents/{id}/notes', { params: { path }, body: { text } })),
      onSuccess: (note) =>
        qc.setQueryData<IncidentDetails>(key, (details) => details && { ...details, notes: [...details.notes, note] }),
      onSettled: settle,
    }),
  };
}
