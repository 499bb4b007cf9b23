import { MetricsService } from '@app/observability';
import { Injectable } from '@nestjs/common';
import type { Counter, Gauge, Histogram } from 'prom-client';

/** Prometheus metrics of the realtime gateway (`GET /metrics`). */
@Injectable()
export class RealtimeMetrics {
  readonly connectedClients: Gauge<'kind'>;
  readonly rooms: Gauge;
  readonly eventsEmitted: Counter<'event'>;
  readonly deliveries: Counter<'event'>;
  readonly skipped: Counter<'event'>;
  readonly emitLatency: Histogram<'event'>;
  readonly eventAge: Histogram<'event'>;
  readonly handshakes: Counter<'outcome'>;
  readonly roomJoins: Counter<'outcome'>;
  readonly sessionsEnded: Counter<'reason'>;
  readonly invalidMessages: Counter<'subject'>;

  constructor(metrics: MetricsService) {
    this.connectedClients = metrics.gauge(
      'gsm_realtime_connected_clients',
      'Socket.IO connections of this replica by kind (session: dashboard, share: share or overlay link)',
      ['kind'],
    );
    // Both kinds exist from the start, so a dashboard shows 0 rather than no series.
    this.connectedClients.set({ kind: 'session' }, 0);
    this.connectedClients.set({ kind: 'share' }, 0);
    this.rooms = metrics.gauge('gsm_realtime_rooms', 'Server rooms with at least one connection on this replica');
    this.eventsEmitted = metrics.counter(
      'gsm_realtime_events_emitted_total',
      'Events emitted to a room (or to one socket: snapshots, session.ended) by event name',
      ['event'],
    );
    this.deliveries = metrics.counter(
      'gsm_realtime_event_deliveries_total',
      'Sockets an emitted event was written to',
      ['event'],
    );
    this.skipped = metrics.counter(
      'gsm_realtime_event_skips_total',
      'Droppable events (poll results) not written to a socket because its connection was behind',
      ['event'],
    );
    this.emitLatency = metrics.histogram(
      'gsm_realtime_emit_latency_seconds',
      'From the arrival of a NATS message in this replica to the end of its emit to every local room',
      ['event'],
      [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    );
    this.eventAge = metrics.histogram(
      'gsm_realtime_event_age_seconds',
      "From the event's own time (set by its producer) to its emit here: publish, NATS and queueing included",
      ['event'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    );
    this.handshakes = metrics.counter(
      'gsm_realtime_handshakes_total',
      'Handshakes by outcome: session, share (accepted) or the reason of a refusal',
      ['outcome'],
    );
    this.roomJoins = metrics.counter('gsm_realtime_room_joins_total', 'room.join.v1 requests by outcome', ['outcome']);
    this.sessionsEnded = metrics.counter(
      'gsm_realtime_sessions_ended_total',
      'Connections ended by the gateway because their access ended, by reason',
      ['reason'],
    );
    this.invalidMessages = metrics.counter(
      'gsm_realtime_invalid_messages_total',
      'NATS messages dropped because they did not match their contract',
      ['subject'],
    );
  }
}
