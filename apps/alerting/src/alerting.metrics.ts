import { MetricsService } from '@app/observability';
import { Injectable } from '@nestjs/common';
import type { Counter, Gauge, Histogram } from 'prom-client';

/** The alerting service's Prometheus metrics. */
@Injectable()
export class AlertingMetrics {
  readonly evaluations: Counter;
  readonly inputs: Counter<'kind'>;
  readonly transitions: Counter<'transition'>;
  readonly batchDuration: Histogram;
  readonly batchFailures: Counter;
  readonly leader: Gauge;
  readonly states: Gauge;
  readonly deliveries: Counter<'channel' | 'outcome'>;
  readonly deliveryLatency: Histogram<'channel'>;
  readonly sendDuration: Histogram<'channel'>;
  readonly republished: Counter;

  constructor(metrics: MetricsService) {
    this.evaluations = metrics.counter(
      'gsm_alerting_evaluations_total',
      'Rules checked against poll results and status changes',
    );
    this.inputs = metrics.counter('gsm_alerting_inputs_total', 'Poll results and status changes read', ['kind']);
    this.transitions = metrics.counter(
      'gsm_alerting_transitions_total',
      'Incidents fired, resolved, repeated and events',
      ['transition'],
    );
    this.batchDuration = metrics.histogram(
      'gsm_alerting_batch_duration_seconds',
      'Time to evaluate and persist one batch of inputs',
      [],
      [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    );
    this.batchFailures = metrics.counter('gsm_alerting_batch_failures_total', 'Batches not persisted (redelivered)');
    this.leader = metrics.gauge('gsm_alerting_leader', '1 while this replica evaluates rules');
    this.states = metrics.gauge('gsm_alerting_states', 'Rule states that are pending or firing');
    this.deliveries = metrics.counter(
      'gsm_alerting_deliveries_total',
      'Delivery attempts by channel kind and outcome',
      ['channel', 'outcome'],
    );
    this.deliveryLatency = metrics.histogram(
      'gsm_alerting_delivery_latency_seconds',
      'From the incident transition to the receiver accepting the message',
      ['channel'],
      [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300],
    );
    this.sendDuration = metrics.histogram(
      'gsm_alerting_send_duration_seconds',
      'Time of one request to a receiver',
      ['channel'],
      [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    );
    this.republished = metrics.counter(
      'gsm_alerting_deliveries_republished_total',
      'Deliveries whose job was published again by the outbox sweep',
    );
  }
}
