import { z } from 'zod';
import { IncidentEvent } from './schemas/alert.schema';
import { AddonStatus, ServerStatus, Timestamp, Uuid } from './schemas/common.schema';
import { AddonStatusChanged, PollResult, ServerStatusChanged } from './schemas/poll.schema';

/*
 * The realtime protocol between realtime-gateway and the dashboard / streaming overlay (Socket.IO 4, path
 * `/socket.io`, websocket or long-polling transport).
 *
 * 1. Connect with `auth: { token, orgId? }` (see {@link HandshakeAuth}). A refused handshake arrives as the
 *    client's `connect_error`: `err.message` is a sentence to show, `err.data` a {@link RealtimeConnectError}.
 *    Socket.IO does not retry a refused handshake by itself; ask the user to sign in again (or retry later for
 *    `ServiceUnavailable`).
 * 2. A dashboard session joins the rooms of the servers it shows with `room.join.v1` (ack first, then a
 *    `server.snapshot.v1`, then the deltas of that server in order). A share / overlay token is joined to its one
 *    server's room by the gateway itself: its snapshot arrives right after `connect`.
 * 3. After a dropped connection the client reconnects (Socket.IO does so with back-off) and simply joins again:
 *    each join sends a fresh snapshot, so nothing missed while away is lost and no page reload is needed. Rooms are
 *    not remembered across connections (another replica may take the reconnect).
 * 4. When access ends while connected (sign-out, membership removed, share link revoked, plan without share links,
 *    session expired, shared server deleted) the gateway sends `session.ended.v1` and then disconnects the socket
 *    (`io server disconnect`: the client does not reconnect by itself).
 */

/** Handshake payload of a client (`io(url, { auth })`); a non-browser client may send the token as `Authorization: Bearer`. */
export const HandshakeAuth = z.object({
  /** A dashboard session (`gsm_s_…`) or a share / overlay token (`gsm_p_…`). Never logged. */
  token: z.string().min(1).max(200),
  /** Sessions only: act in this organisation (a membership of the user); default the user's personal one. */
  orgId: Uuid.optional(),
});
export type HandshakeAuth = z.infer<typeof HandshakeAuth>;

/** `data` of the Error a refused handshake ends with (the client's `connect_error`). */
export const RealtimeConnectError = z.object({
  code: z.enum(['Unauthenticated', 'Forbidden', 'NotFound', 'ServiceUnavailable']),
  /** What the user can do about it, in plain words. */
  remedy: z.string(),
});
export type RealtimeConnectError = z.infer<typeof RealtimeConnectError>;

/**
 * Latest values of one server, sent when a client joins its room (and so again after every reconnect and join).
 * Deltas that happen while the snapshot is read are held back and follow it, so a client can apply events in the
 * order they arrive. Share / overlay viewers get the same shape without the internal reasons (`lastError`,
 * `addonReason` null): those can name the server's address.
 */
export const ServerSnapshot = z.object({
  serverId: Uuid,
  /** The name its owner gave the server. */
  name: z.string(),
  status: ServerStatus,
  /** Since when the status holds; null before the first poll. */
  statusSince: Timestamp.nullable(),
  addonStatus: AddonStatus,
  /** Why the add-on is unavailable, in plain words (members only). */
  addonReason: z.string().nullable(),
  /** Time of the last successful poll. */
  lastSeenAt: Timestamp.nullable(),
  /** The error of the last failed poll (members only). */
  lastError: z.string().nullable(),
  /** The latest poll result per kind, as stored in the `latest` table (`error` null, `durationMs` 0). */
  latest: z.array(PollResult),
  sentAt: Timestamp,
});
export type ServerSnapshot = z.infer<typeof ServerSnapshot>;

/** Why the gateway ended a connection (`session.ended.v1`). */
export const SessionEndReason = z.enum([
  /** The session was signed out or revoked. */
  'signed_out',
  /** The session reached its expiry time. */
  'expired',
  /** The user was removed from the organisation the socket acted in. */
  'membership_removed',
  /** The share / overlay link was revoked. */
  'share_revoked',
  /** The share / overlay link reached its expiry time. */
  'share_expired',
  /** The organisation's plan no longer includes share links. */
  'plan_changed',
  /** The one server a share / overlay link shows was deleted. */
  'server_removed',
]);
export type SessionEndReason = z.infer<typeof SessionEndReason>;

/** Sent (reliably) just before the gateway disconnects a socket whose access ended. */
export const SessionEnded = z.object({
  reason: SessionEndReason,
  /** A sentence to show the user. */
  message: z.string(),
});
export type SessionEnded = z.infer<typeof SessionEnded>;

/**
 * Socket.IO events from realtime-gateway to dashboards and overlays, versioned like NATS subjects.
 * `server.poll.v1` is volatile: a connection that is behind (its previous writes still queued) skips poll results
 * rather than piling them up; the next poll of that kind or a rejoin's snapshot heals it. The others are delivered
 * reliably while connected. Alerts go to members only, never to share / overlay viewers.
 */
export const RealtimeEvents = {
  'server.snapshot.v1': ServerSnapshot,
  'server.poll.v1': PollResult,
  'server.status.v1': ServerStatusChanged,
  'server.addon.v1': AddonStatusChanged,
  'alert.fired.v1': IncidentEvent,
  'alert.resolved.v1': IncidentEvent,
  /** The server was deleted: drop it; the socket has left its room. */
  'server.removed.v1': z.object({ serverId: Uuid }),
  'session.ended.v1': SessionEnded,
} as const;

/** Name of a realtime event. */
export type RealtimeEventName = keyof typeof RealtimeEvents;

/** Payload of a realtime event. */
export type RealtimePayload<K extends RealtimeEventName> = z.infer<(typeof RealtimeEvents)[K]>;

/** Typed server-to-client event map for Socket.IO (`Server<ClientToServerEvents, ServerToClientEvents>`). */
export type ServerToClientEvents = {
  [K in RealtimeEventName]: (payload: RealtimePayload<K>) => void;
};

/** Client-to-server messages: join or leave a server's room (answered by an ack). */
export const RoomRequest = z.object({ serverId: Uuid });
export type RoomRequest = z.infer<typeof RoomRequest>;

/** Answer to `room.join.v1` / `room.leave.v1`; a refusal carries a sentence to show. */
export const RoomAnswer = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type RoomAnswer = z.infer<typeof RoomAnswer>;

export type ClientToServerEvents = {
  /**
   * Join a server's room: `{ok: true}`, then `server.snapshot.v1`, then its deltas. Refused for a malformed id, a
   * server of another organisation or a deleted one, and for any other server than a share link's own.
   */
  'room.join.v1': (req: RoomRequest, ack: (res: RoomAnswer) => void) => void;
  /** Leave a server's room (no more deltas of it). */
  'room.leave.v1': (req: RoomRequest, ack: (res: RoomAnswer) => void) => void;
};
