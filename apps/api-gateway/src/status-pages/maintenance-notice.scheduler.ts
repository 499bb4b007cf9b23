import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { StatusNotificationsService } from './status-notifications.service';
import { StatusPagesRepository } from './status-pages.repository';

/**
 * Every STATUS_NOTICE_TICK_MS, each replica looks at the silences that are status page maintenance and queues what
 * is due (announcements of windows however they were made, "starts now" of each window). The claim rows in
 * PostgreSQL make it safe to run on every replica and after a restart: each notice is queued once.
 */
@Injectable()
export class MaintenanceNoticeScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MaintenanceNoticeScheduler.name);
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly pages: StatusPagesRepository,
    private readonly notifications: StatusNotificationsService,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.STATUS_NOTICE_TICK_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One pass over every maintenance silence, or over one (just made through the API: announced at once). */
  async tick(silenceId?: string): Promise<void> {
    if (this.running && !silenceId) return;
    if (!silenceId) this.running = true;
    try {
      const now = this.clock.now();
      const claimed = await this.notifications.maintenanceNotices(
        await this.pages.maintenanceSilences(now, silenceId),
        now,
      );
      if (claimed > 0) this.logger.log({ claimed }, 'maintenance notices queued');
    } catch (error) {
      this.logger.warn({ reason: (error as Error).message }, 'maintenance notices not queued');
    } finally {
      if (!silenceId) this.running = false;
    }
  }
}
