import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { StatusOutboxRepository, type DueNotification } from './status-outbox.repository';
import { StatusSubscriptionsService } from './status-subscriptions.service';

/** Notifications in flight per replica: a slow receiver holds one slot, never the others. */
export const OUTBOX_IN_FLIGHT = 16;
/** How long a claimed row is this replica's (above the webhook deadline and a slow mail server). */
const LEASE_MS = 120_000;
/** Attempts before a notification is given up (with the default 30 s first delay: about 1 h 4 min of retries). */
export const OUTBOX_MAX_ATTEMPTS = 8;
const MAX_DELAY_MS = 3_600_000;

/**
 * Sends the status page outbox: every replica claims due rows (SKIP LOCKED, a lease) and sends each on its own, at
 * most {@link OUTBOX_IN_FLIGHT} at once, so a slow, failing or chatty receiver delays only its own rows. A failure is
 * tried again after STATUS_OUTBOX_RETRY_MS, doubled each attempt, up to {@link OUTBOX_MAX_ATTEMPTS}; the state lives in
 * PostgreSQL, so a restart loses nothing. Logs name the subscriber id, never an address or URL.
 */
@Injectable()
export class StatusOutboxSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StatusOutboxSender.name);
  private timer?: NodeJS.Timeout;
  private inFlight = 0;
  private claiming = false;

  constructor(
    private readonly outbox: StatusOutboxRepository,
    private readonly subscriptions: StatusSubscriptionsService,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.drain(), this.config.STATUS_OUTBOX_TICK_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Claims what fits in the free slots and starts sending it. */
  async drain(): Promise<void> {
    const room = OUTBOX_IN_FLIGHT - this.inFlight;
    if (room <= 0 || this.claiming) return;
    this.claiming = true;
    try {
      for (const row of await this.outbox.claimDue(room, LEASE_MS)) {
        this.inFlight++;
        void this.send(row).finally(() => this.inFlight--);
      }
    } catch (error) {
      this.logger.warn({ reason: (error as Error).message }, 'status outbox not read');
    } finally {
      this.claiming = false;
    }
  }

  private async send(row: DueNotification): Promise<void> {
    const page = { id: row.pageId, slug: row.slug, title: row.title };
    const subscriber = {
      id: row.subscriberId,
      email: row.email,
      webhookUrlSealed: row.webhookUrlSealed,
      locale: row.locale,
    };
    try {
      if (row.payload.kind === 'email')
        await this.subscriptions.mailNotice(page, subscriber, row.payload.subject, row.payload.body);
      else
        await this.subscriptions.postNotice(page, subscriber, {
          event: row.payload.event,
          body: row.payload.body,
          deliveryId: `${row.id}.${row.attempts}`,
          idempotencyKey: row.id,
        });
      await this.outbox.sent(row.id);
    } catch (error) {
      const reason = (error as Error).message;
      const delay = Math.min(this.config.STATUS_OUTBOX_RETRY_MS * 2 ** (row.attempts - 1), MAX_DELAY_MS);
      const retryAt = row.attempts >= OUTBOX_MAX_ATTEMPTS ? null : new Date(this.clock.nowMs() + delay);
      this.logger.warn(
        { subscriberId: row.subscriberId, kind: row.kind, attempt: row.attempts, retryAt, reason },
        retryAt ? 'status notification failed, will retry' : 'status notification given up',
      );
      await this.outbox
        .failedAttempt(row.id, reason, retryAt)
        .catch((e: unknown) => this.logger.warn({ reason: (e as Error).message }, 'status outbox not updated'));
    }
  }
}
