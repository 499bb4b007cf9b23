import { SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Server } from 'socket.io';
import type { RealtimeGatewayConfig } from '../app.config';
import { originAllowed } from './origin-policy';
import type { RealtimeServer } from './realtime-socket';

/** Client messages are room requests of a few dozen bytes; anything near this is not one. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * The gateway's Socket.IO server (path `/socket.io`, websocket and long-polling). Created here, attached to the
 * Nest HTTP server by the SocketGateway at start-up; every feature emits through `io`.
 */
@Injectable()
export class IoServer {
  private readonly logger = new Logger(IoServer.name);
  readonly io: RealtimeServer;
  /** Origins already reported as refused (one warning each, not one per attempt). */
  private readonly refusedOrigins = new Set<string>();

  constructor(@Inject(SERVICE_CONFIG) config: RealtimeGatewayConfig) {
    const allowed = config.CORS_ORIGINS;
    this.io = new Server({
      path: '/socket.io',
      serveClient: false,
      transports: ['polling', 'websocket'],
      maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
      // Long-polling requests from the dashboard's origin (WebSocket upgrades are not subject to CORS: the origin
      // check below covers both).
      cors: { origin: (origin, cb) => cb(null, origin !== undefined && allowed.includes(origin) ? origin : false) },
      allowRequest: (req, cb) => {
        const origin = req.headers.origin;
        if (originAllowed(origin, req.headers.host, allowed)) return cb(null, true);
        if (origin && this.refusedOrigins.size < 100 && !this.refusedOrigins.has(origin)) {
          this.refusedOrigins.add(origin);
          this.logger.warn({ origin }, 'refused a realtime connection from an origin not in CORS_ORIGINS');
        }
        cb('This page may not open realtime connections: its origin is not allowed (CORS_ORIGINS).', false);
      },
    });
  }
}
