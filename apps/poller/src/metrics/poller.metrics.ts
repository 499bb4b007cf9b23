import { MetricsService } from '@app/observability';
import { Injectable } from '@nestjs/common';
import type { Counter, Gauge, Histogram } from 'prom-client';

/** The poller's Prometheus metrics. */
@Injectable()
export class PollerMetrics {
  readonly polls: Counter<'kind' | 'outcome'>;
  readonly pollDuration: Histogram<'kind'>;
  readonly scheduleLag: Histogram<'kind'>;
  readonly droppedLate: Counter<'kind'>;
  readonly skipped: Counter<'kind' | 'reason'>;
  readonly jobsScheduled: Counter<'kind'>;
  readonly bufferDepth: Gauge;
  readonly bufferDropped: Counter;
  readonly rowsWritten: Counter;
  readonly flushFailures: Counter;
  readonly rowsRefused: Counter;
  readonly leader: Gauge;
  readonly statusChanges: Counter<'status'>;
  readonly inFlight: Gauge;
  readonly flushDuration: Histogram;

  constructor(metrics: MetricsService) {
    this.polls = metrics.counter('gsm_poller_polls_total', 'Polls by kind and outcome (ok or the error code)', [
      'kind',
      'outcome',
    ]);
    this.pollDuration = metrics.histogram(
      'gsm_poller_poll_duration_seconds',
      'Time to poll a game server',
      ['kind'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    );
    this.scheduleLag = metrics.histogram(
      'gsm_poller_schedule_lag_seconds',
      "Delay between a job's slot and its start",
      ['kind'],
      [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    );
    this.droppedLate = metrics.counter(
      'gsm_poller_jobs_dropped_late_total',
      'Jobs dropped because they were older than their interval',
      ['kind'],
    );
    this.skipped = metrics.counter(
      'gsm_poller_polls_skipped_total',
      'Add-on polls skipped: unreachable (an earlier poll of the same job timed out) or behind (the job started late: shed so health polls keep their interval)',
      ['kind', 'reason'],
    );
    this.jobsScheduled = metrics.counter(
      'gsm_poller_jobs_scheduled_total',
      'Polls scheduled, by kind (one job carries every kind of a server due at its slot)',
      ['kind'],
    );
    this.bufferDepth = metrics.gauge('gsm_poller_write_buffer_rows', 'Rows waiting to be written to PostgreSQL');
    this.bufferDropped = metrics.counter(
      'gsm_poller_write_buffer_dropped_rows_total',
      'Rows dropped because the write buffer was full',
    );
    this.rowsWritten = metrics.counter('gsm_poller_rows_written_total', 'Rows committed to PostgreSQL');
    this.flushFailures = metrics.counter('gsm_poller_flush_failures_total', 'Failed write transactions (retried)');
    this.rowsRefused = metrics.counter(
      'gsm_poller_rows_refused_total',
      'Rows of polls whose values PostgreSQL refused (dropped alone; the error log names the server and the reason)',
    );
    this.leader = metrics.gauge('gsm_poller_scheduler_leader', '1 while this replica is the scheduler leader');
    this.flushDuration = metrics.histogram(
      'gsm_poller_flush_duration_seconds',
      'Duration of one write transaction',
      [],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    );
    this.inFlight = metrics.gauge('gsm_poller_jobs_in_flight', 'Jobs this worker is running now');
    this.statusChanges = metrics.counter('gsm_poller_status_changes_total', 'Confirmed status changes', ['status']);
  }
}
