import type { ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import type { Server, Socket } from 'socket.io';

/** A dashboard session acting in one organisation: may watch any server of it (every role can read). */
export interface SessionPrincipal {
  kind: 'session';
  /** SHA-256 of the token (what revocation events carry); the token itself is never kept. */
  tokenHash: string;
  sessionId: string;
  userId: string;
  orgId: string;
  expiresAt: Date;
}

/** A share or overlay link: read-only, one server, no sign-in. */
export interface SharePrincipal {
  kind: 'share';
  tokenHash: string;
  shareId: string;
  orgId: string;
  serverId: string;
  expiresAt: Date | null;
}

/** Who a connection is, decided once in the handshake. */
export type Principal = SessionPrincipal | SharePrincipal;

/** What the gateway keeps on each socket (`socket.data`). */
export interface SocketData {
  principal: Principal;
  /** When the handshake began (ms): a revocation that arrives after it but before the socket is registered counts. */
  authenticatedAt: number;
  /** The client's address (X-Forwarded-For only behind TRUST_PROXY): room joins are limited per address too. */
  address: string;
}

/** No events between gateway replicas: every replica reads NATS itself. */
type InterServerEvents = Record<string, never>;

/** The typed Socket.IO server of the gateway. */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** One typed client connection. */
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Who a room's members are: members of the organisation, or share / overlay viewers (who see less). */
export type Audience = 'session' | 'share';

/**
 * Rooms per server and audience: `server:<id>` for members, `share:<id>` for share / overlay viewers, so each gets
 * its own payloads (viewers never see internal reasons or alerts) with one encode per room.
 */
export function roomOf(audience: Audience, serverId: string): string {
  return `${audience === 'session' ? 'server' : 'share'}:${serverId}`;
}

/** True for the gateway's server rooms (not the per-socket rooms Socket.IO creates). */
export function isServerRoom(room: string): boolean {
  return room.startsWith('server:') || room.startsWith('share:');
}
