import { INCIDENT_NOTE_MAX, IncidentNoteView } from '@app/contracts';
import { z } from 'zod';

export { IncidentNoteView };

/** POST /alerts/incidents/{id}/acknowledge: optionally tell the incident's channels who is on it. */
export const AcknowledgeIncident = z.strictObject({
  notify_channels: z.boolean({ error: 'must be true or false' }).optional(),
});
export type AcknowledgeIncident = z.infer<typeof AcknowledgeIncident>;

/** POST /alerts/incidents/{id}/notes. */
export const AddIncidentNote = z.strictObject({
  text: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(INCIDENT_NOTE_MAX, `must be at most ${INCIDENT_NOTE_MAX} characters`),
});
export type AddIncidentNote = z.infer<typeof AddIncidentNote>;
