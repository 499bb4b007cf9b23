import { Subjects, type AlertConfigChanged } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Injectable, Logger } from '@nestjs/common';

/**
 * Tells every alerting replica (this one included) that an organisation's rules, channels or silences changed, so
 * the evaluator leader reloads them at once; a lost announcement is caught by the periodic refresh.
 */
@Injectable()
export class ConfigChanges {
  private readonly logger = new Logger(ConfigChanges.name);

  constructor(private readonly messaging: Messaging) {}

  announce(orgId: string, serverId: string | null, what: AlertConfigChanged['what']): void {
    try {
      this.messaging.publish(Subjects.alertConfigChanged, { orgId, serverId, what });
    } catch (error) {
      // NATS away: the evaluator picks the change up at its periodic refresh (a minute)
      this.logger.warn({ orgId, what, err: (error as Error).message }, 'configuration change not announced');
    }
  }
}
