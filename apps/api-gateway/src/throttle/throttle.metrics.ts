import { MetricsService } from '@app/observability';
import { Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';

/** Prometheus metrics of the password checks and the throttles in front of them. */
@Injectable()
export class ThrottleMetrics {
  readonly passwordVerifications: Counter<'outcome'>;
  readonly refused: Counter<'throttle'>;
  readonly unavailable: Counter<'throttle'>;

  constructor(metrics: MetricsService) {
    this.passwordVerifications = metrics.counter(
      'gsm_password_verifications_total',
      'Sign-in passwords checked with argon2 (outcome: match, mismatch); throttled attempts never get here',
      ['outcome'],
    );
    this.refused = metrics.counter(
      'gsm_throttle_refused_total',
      'Requests refused with 429 by a throttle (sign-in, sign-up, session, account mails, SSO, probes, outbound sends)',
      ['throttle'],
    );
    this.unavailable = metrics.counter(
      'gsm_throttle_unavailable_total',
      'Requests refused with 503 by a throttle that fails closed because Redis could not be reached',
      ['throttle'],
    );
  }
}
