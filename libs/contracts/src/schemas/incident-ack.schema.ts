import { z } from 'zod';
import { alertConfigReply, IncidentView } from './alert-config.schema';
import { Uuid } from './common.schema';

// Incident acknowledgement and notes (issue 24 §3) over NATS request-reply: the api-gateway (producer of every
// request) asks alerting (the owner of incidents, incident_notes and incident_ack_links, which answers) to
// acknowledge an incident, take the acknowledgement back, add a note, or read and use a chat message's acknowledge
// link. Views keep the REST API's snake_case; envelope fields are camelCase like every other contract.

/** The longest note, in characters. */
export const INCIDENT_NOTE_MAX = 2000;

/** Who acknowledges or writes: a member (id and display name), or nobody signed in (a link: "via link"). */
export const IncidentActor = z.object({ userId: Uuid.nullable(), name: z.string().min(1).max(200) });
export type IncidentActor = z.infer<typeof IncidentActor>;

/** One note on an incident's timeline. */
export const IncidentNoteView = z.object({
  id: z.string(),
  author: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type IncidentNoteView = z.infer<typeof IncidentNoteView>;

/** Acknowledge an open incident (idempotent: the first acknowledgement is kept); optionally tell its channels. */
export const IncidentAckRequest = z.object({
  orgId: Uuid,
  incidentId: z.string(),
  actor: IncidentActor,
  notifyChannels: z.boolean(),
});
/** Take an acknowledgement back (repeat notifications resume). */
export const IncidentUnackRequest = z.object({ orgId: Uuid, incidentId: z.string() });
export const IncidentAckReply = alertConfigReply(IncidentView);

/** Add a note to an incident's timeline. */
export const IncidentNoteRequest = z.object({
  orgId: Uuid,
  incidentId: z.string(),
  author: IncidentActor,
  text: z.string().min(1).max(INCIDENT_NOTE_MAX),
});
export const IncidentNoteReply = alertConfigReply(IncidentNoteView);

/**
 * What an acknowledge link stands for: `valid` (it may be used), `used` (it was, or the incident was acknowledged
 * otherwise), `expired`, `resolved` (nothing to acknowledge any more) or `unknown` (no such link).
 */
export const AckLinkState = z.enum(['valid', 'used', 'expired', 'resolved', 'unknown', 'acknowledged']);
export type AckLinkState = z.infer<typeof AckLinkState>;

/** The incident a link names, as its confirm page shows it (no ids, nothing secret). */
export const AckLinkIncident = z.object({
  title: z.string(),
  server_name: z.string(),
  summary: z.string(),
  fired_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
});

/** Read a link (GET of the confirm page: changes nothing) or use it (POST: acknowledges as "via link"). */
export const AckLinkRequest = z.object({ token: z.string().max(200) });
export const AckLinkReply = alertConfigReply(
  z.object({
    state: AckLinkState,
    incident: AckLinkIncident.nullable(),
    /** For the audit log of a use: the incident's organisation, server and id (null when no link matched). */
    orgId: Uuid.nullable(),
    serverId: Uuid.nullable(),
    incidentId: Uuid.nullable(),
  }),
);
