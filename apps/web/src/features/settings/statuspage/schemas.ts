import { z } from 'zod';
import { INCIDENT_IMPACTS, INCIDENT_STATES } from './queries';

/**
 * The status pages' forms, validated in the browser with the API's own limits (restated from
 * apps/api-gateway/src/status-pages/status-pages.controller.ts, whose schemas live in Node-only code). Messages are
 * keys of the `settings` namespace (`form.errors.*`), rendered in the reader's language.
 */
const title = z.string().trim().min(1, 'form.errors.titleRequired').max(120, 'form.errors.titleTooLong');
const message = z.string().trim().min(1, 'form.errors.messageRequired').max(5000, 'form.errors.messageTooLong');

export const statusPageForm = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'form.errors.slugInvalid'),
  title,
  server_ids: z.array(z.string()).max(50, 'form.errors.tooManyServers'),
});
export type StatusPageForm = z.input<typeof statusPageForm>;

export const incidentForm = z.object({ title, impact: z.enum(INCIDENT_IMPACTS), message });
export type IncidentForm = z.input<typeof incidentForm>;

export const incidentUpdateForm = z.object({ state: z.enum(INCIDENT_STATES), message });
export type IncidentUpdateForm = z.input<typeof incidentUpdateForm>;
