import type {
  ClientToServerEvents,
  RealtimeConnectError,
  RoomAnswer,
  ServerToClientEvents,
  SessionEnded,
} from '@app/contracts';
import { io, type Socket } from 'socket.io-client';
import { realtimeBase, session } from '../lib/api';
import { flash } from '../lib/flash';
import { setClockOffset } from '../lib/hooks';
import { i18n } from '../lib/i18n';
import { navigate } from '../lib/router';
import { applyLive } from './adapter';
import { SHARED_KEY } from './source';

export { SHARED_KEY } from './source';

/** The live client's own texts (the `live` namespace), in the language in use when they are shown. */
const t = i18n.getFixedT(null, 'live');

/**
 * The page's one Socket.IO connection to realtime-gateway (protocol: libs/contracts/src/realtime.ts). It joins the
 * rooms the mounted pages want, re-joins all of them on every (re)connect (each join answers with a fresh snapshot:
 * the resync), and exposes the connection state. Socket.IO reconnects by itself with backoff (0.5 s doubling to
 * 5 s, randomised); a refused handshake or an ended session is handled here.
 */

export type ConnState = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'refused' | 'ended';

export interface ConnInfo {
  state: ConnState;
  /** Reconnection attempt (1, 2, ...) while reconnecting. */
  attempt: number;
  /** Last connection error (a sentence from the gateway when it refused). */
  message: string | null;
  /** Number of successful connects: panels that load history reload it when this changes. */
  connects: number;
  /** A message for the user that stays until dismissed (why the gateway ended or refused the connection). */
  notice: string | null;
}

type Auth = { kind: 'session' } | { kind: 'share'; token: string };
type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const RETRY_LATER_MS = 10_000;

export class LiveClient {
  private socket: LiveSocket | null = null;
  private readonly wanted = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private info: ConnInfo = { state: 'connecting', attempt: 0, message: null, connects: 0, notice: null };
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private readonly onOnline = () => this.online();
  private readonly onOffline = () => {
    if (this.info.state !== 'ended' && this.info.state !== 'refused') this.setInfo({ state: 'offline' });
  };

  constructor(readonly auth: Auth) {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    void this.open();
  }

  get conn(): ConnInfo {
    return this.info;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setInfo(patch: Partial<ConnInfo>): void {
    const next = { ...this.info, ...patch };
    const same = (Object.keys(next) as (keyof ConnInfo)[]).every((k) => next[k] === this.info[k]);
    if (same) return;
    this.info = next;
    this.listeners.forEach((l) => l());
  }

  /** Watch a server: joins its room now (when connected) and after every reconnect; returns the release. */
  want(serverId: string): () => void {
    this.wanted.set(serverId, (this.wanted.get(serverId) ?? 0) + 1);
    if (this.wanted.get(serverId) === 1 && this.socket?.connected) this.join(serverId);
    return () => {
      const n = (this.wanted.get(serverId) ?? 1) - 1;
      if (n > 0) {
        this.wanted.set(serverId, n);
        return;
      }
      this.wanted.delete(serverId);
      if (this.socket?.connected && this.auth.kind === 'session')
        this.socket.emit('room.leave.v1', { serverId }, () => undefined);
    };
  }

  /** Reconnects with fresh credentials (the session token or organisation changed). */
  restart(): void {
    this.drop();
    this.setInfo({ state: 'connecting', attempt: 0, message: null });
    void this.open();
  }

  dismissNotice(): void {
    this.setInfo({ notice: null });
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    this.drop();
  }

  /** Closes the socket without letting its last events touch the state. */
  private drop(): void {
    const old = this.socket;
    this.socket = null;
    if (!old) return;
    old.removeAllListeners();
    old.io.removeAllListeners();
    old.disconnect();
  }

  private online(): void {
    if (this.info.state === 'ended' || this.info.state === 'refused') return;
    if (this.socket && !this.socket.connected) this.socket.connect();
    if (this.info.state === 'offline') this.setInfo({ state: 'reconnecting' });
  }

  private key(serverId: string): string {
    return this.auth.kind === 'share' ? SHARED_KEY : serverId;
  }

  private down(): ConnState {
    return navigator.onLine ? 'reconnecting' : 'offline';
  }

  private async open(): Promise<void> {
    const base = await realtimeBase();
    if (this.closed || this.socket) return;
    const socket: LiveSocket = io(base ?? undefined, {
      // A function: every reconnect sends the current token and organisation.
      auth: (cb) => {
        if (this.auth.kind === 'share') return cb({ token: this.auth.token });
        const orgId = session.orgId();
        cb(orgId ? { token: session.token(), orgId } : { token: session.token() });
      },
      transports: ['websocket', 'polling'],
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
    });
    this.socket = socket;

    socket.on('connect', () => {
      this.setInfo({ state: 'connected', attempt: 0, message: null, connects: this.info.connects + 1 });
      for (const id of this.wanted.keys()) this.join(id);
    });
    socket.on('disconnect', (reason) => {
      if (this.info.state === 'ended' || this.closed) return;
      this.setInfo({ state: this.down(), message: reason });
      // Closed by the server without `session.ended.v1` (e.g. a restart): Socket.IO does not retry that by itself.
      if (reason === 'io server disconnect') this.scheduleRetry(1000);
    });
    socket.on('connect_error', (err: Error & { data?: RealtimeConnectError }) => {
      if (this.info.state === 'ended') return;
      if (socket.active) {
        // A transport failure: Socket.IO is already retrying with backoff.
        this.setInfo({ state: this.down(), message: err.message });
        return;
      }
      this.refused(err.message, err.data);
    });
    socket.io.on('reconnect_attempt', (attempt) => {
      if (this.info.state === 'ended' || this.info.state === 'refused') return;
      this.setInfo({ state: this.down(), attempt });
    });

    // Every delta goes through the one adapter (live store + query cache); the snapshot also sets the clock offset.
    socket.on('server.snapshot.v1', (snapshot) => {
      const sent = Date.parse(snapshot.sentAt);
      if (!Number.isNaN(sent)) setClockOffset(sent - Date.now());
      applyLive(this.key(snapshot.serverId), { type: 'snapshot', snapshot });
    });
    socket.on('server.poll.v1', (result) => applyLive(this.key(result.serverId), { type: 'poll', result }));
    socket.on('server.status.v1', (event) => applyLive(this.key(event.serverId), { type: 'status', event }));
    socket.on('server.addon.v1', (e) =>
      applyLive(this.key(e.serverId), { type: 'addon', status: e.status, reason: e.reason }),
    );
    socket.on('server.removed.v1', (e) => applyLive(this.key(e.serverId), { type: 'removed' }));
    socket.on('alert.fired.v1', (event) =>
      applyLive(this.key(event.serverId), { type: 'incident', event, fired: true }),
    );
    socket.on('alert.resolved.v1', (event) =>
      applyLive(this.key(event.serverId), { type: 'incident', event, fired: false }),
    );
    socket.on('session.ended.v1', (e) => this.ended(e));
  }

  private join(serverId: string): void {
    if (this.auth.kind === 'share') return; // a share socket is joined to its server by the gateway
    this.socket?.timeout(10_000).emit('room.join.v1', { serverId }, (err: Error | null, res?: RoomAnswer) => {
      if (err || !res) return; // timed out: the next reconnect joins again
      applyLive(serverId, { type: 'joinError', error: res.ok ? null : res.error });
    });
  }

  private scheduleRetry(delayMs: number): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.closed || !this.socket || this.socket.connected) return;
      if (this.info.state === 'ended') return;
      this.setInfo({ state: this.down() });
      this.socket.connect();
    }, delayMs);
  }

  /** A dashboard session the gateway no longer accepts: back to the sign-in page, saying why. */
  private signOut(message: string): void {
    // Already signed out on this page (the user's own sign-out, or "sign out everywhere"): the layout may open a
    // client once more before the sign-in page shows, and its refusal ("no access token") is no news to anyone.
    if (session.token() === null) return;
    flash.set(message);
    session.clear();
    navigate('/login', { replace: true });
  }

  /** The handshake was refused (Socket.IO does not retry that by itself). */
  private refused(message: string, data: RealtimeConnectError | undefined): void {
    const code = data?.code;
    const text = data?.remedy ? `${message} ${data.remedy}` : message;
    if (code === 'ServiceUnavailable' || !code) {
      // The gateway could not check access right now (or an unexpected refusal): try again later.
      this.setInfo({ state: 'refused', message: text });
      this.scheduleRetry(RETRY_LATER_MS);
      return;
    }
    if (this.auth.kind === 'share') {
      this.setInfo({ state: 'refused', message: text, notice: text });
      return;
    }
    if (code === 'Unauthenticated') {
      this.signOut(t('signedOut', { reason: text }));
      return;
    }
    // NotFound / Forbidden for a session: the chosen organisation is not (or no longer) one of the user's.
    if (session.orgId()) {
      this.setInfo({ notice: text });
      session.setOrg(null);
      if (location.pathname.startsWith('/servers/')) navigate('/servers', { replace: true });
      return;
    }
    this.setInfo({ state: 'refused', message: text, notice: text });
  }

  /** The gateway ends the connection (signed out, expired, removed from the organisation, share revoked...). */
  private ended(e: SessionEnded): void {
    this.setInfo({ state: 'ended', message: e.message, notice: e.message });
    if (this.auth.kind === 'share') return;
    if (e.reason === 'signed_out' || e.reason === 'expired') {
      this.signOut(t('signedOut', { reason: e.message }));
      return;
    }
    // Still signed in (e.g. removed from this organisation): back to the personal one, with the reason shown.
    if (e.reason === 'membership_removed' && session.orgId()) {
      session.setOrg(null);
      if (location.pathname.startsWith('/servers/')) navigate('/servers', { replace: true });
    }
  }
}

let current: { key: string; client: LiveClient } | null = null;

/** The page's live client for the signed-in session or a share token (one at a time). */
export function liveClient(auth: Auth): LiveClient {
  const key = auth.kind === 'share' ? `share:${auth.token}` : 'session';
  if (current?.key === key) return current.client;
  current?.client.close();
  current = { key, client: new LiveClient(auth) };
  return current.client;
}

// A new token or organisation: the session socket reconnects with the new credentials.
let lastAuth = `${session.token() ?? ''}|${session.orgId() ?? ''}`;
session.subscribe(() => {
  const now = `${session.token() ?? ''}|${session.orgId() ?? ''}`;
  if (now === lastAuth) return;
  lastAuth = now;
  if (current?.key !== 'session') return;
  if (session.token()) current.client.restart();
  else {
    current.client.close();
    current = null;
  }
});
