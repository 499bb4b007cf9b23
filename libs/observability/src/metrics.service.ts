import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const METRICS_OPTIONS = Symbol('METRICS_OPTIONS');

/** The Prometheus registry of one service; every metric carries a `service` label. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(@Inject(METRICS_OPTIONS) options: { service: string }) {
    this.registry.setDefaultLabels({ service: options.service });
    collectDefaultMetrics({ register: this.registry, prefix: 'gsm_' });
    this.httpDuration = this.histogram(
      'gsm_http_request_duration_seconds',
      'HTTP request duration by route and status',
      ['method', 'route', 'status'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    );
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }

  histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }
}
