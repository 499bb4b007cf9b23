import { z } from 'zod';
import { IncidentEvent } from './schemas/alert.schema';
import { AddonStatus, ServerStatus, Timestamp, Uuid } from './schemas/common.schema';
import { PollResult, ServerStatusChanged } from './schemas/poll.schema';

/** Latest values of one server, sent when a client joins its room and again after a reconnect. */
export const ServerSnapshot = z.object({
  serverId: Uuid,
  status: ServerStatus,
  addonStatus: AddonStatus,
  lastSeenAt: Timestamp.nullable(),
  /** The latest poll result per kind, as stored in the `latest` table. */
  latest: z.array(PollResult),
  sentAt: Timestamp,
});
export type ServerSnapshot = z.infer<typeof ServerSnapshot>;

/**
 * Socket.IO events from realtime-gateway to dashboards and overlays, versioned like NATS subjects.
 * `server.poll.v1` is volatile (a slow client skips updates); the others are delivered reliably.
 */
export const RealtimeEvents = {
  'server.snapshot.v1': ServerSnapshot,
  'server.poll.v1': PollResult,
  'server.status.v1': ServerStatusChanged,
  'alert.fired.v1': IncidentEvent,
  'alert.resolved.v1': IncidentEvent,
  'server.removed.v1': z.object({ serverId: Uuid }),
} as const;

/** Name of a realtime event. */
export type RealtimeEventName = keyof typeof RealtimeEvents;

/** Typed server-to-client event map for Socket.IO (`Server<ClientToServer, ServerToClientEvents>`). */
export type ServerToClientEvents = {
  [K in RealtimeEventName]: (payload: z.infer<(typeof RealtimeEvents)[K]>) => void;
};

/** Client-to-server messages: join or leave a server's room (answered by an ack). */
export const RoomRequest = z.object({ serverId: Uuid });
export type RoomRequest = z.infer<typeof RoomRequest>;

export type ClientToServerEvents = {
  'room.join.v1': (req: RoomRequest, ack: (res: { ok: boolean; error?: string }) => void) => void;
  'room.leave.v1': (req: RoomRequest, ack: (res: { ok: boolean }) => void) => void;
};
