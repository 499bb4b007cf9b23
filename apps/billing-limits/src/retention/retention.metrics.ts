import { MetricsService } from '@app/observability';
import { Injectable } from '@nestjs/common';
import type { Counter, Gauge } from 'prom-client';

/** Prometheus metrics of the retention job. */
@Injectable()
export class RetentionMetrics {
  readonly rowsDeleted: Counter<'table'>;
  readonly runs: Counter<'outcome'>;
  readonly lastRunDuration: Gauge;

  constructor(metrics: MetricsService) {
    this.rowsDeleted = metrics.counter('gsm_billing_retention_rows_deleted_total', 'Samples deleted by retention', [
      'table',
    ]);
    this.runs = metrics.counter(
      'gsm_billing_retention_runs_total',
      'Retention runs by outcome (completed, skipped: another replica holds the lock, failed)',
      ['outcome'],
    );
    this.lastRunDuration = metrics.gauge(
      'gsm_billing_retention_last_run_duration_seconds',
      'Duration of the last retention run of this replica',
    );
  }
}
