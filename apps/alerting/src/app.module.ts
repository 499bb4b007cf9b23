import { Streams } from '@app/contracts';
import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { AlertingMetrics } from './alerting.metrics';
import type { AlertingConfig } from './app.config';
import { ChannelSender } from './delivery/channel-sender';
import { ChannelTestService } from './delivery/channel-test.service';
import { DeliveryService } from './delivery/delivery.service';
import { AlertConfigCache } from './engine/config-cache';
import { EvaluationService } from './engine/evaluation.service';
import { StateStore } from './engine/state-store';

/** Root module of alerting: Alert rules, incidents, notification channels and guaranteed delivery. */
@Module({})
export class AppModule {
  static forRoot(config: AlertingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'alerting',
          config,
          streams: [Streams.deliveries, Streams.pollResults],
        }),
      ],
      providers: [
        AlertingMetrics,
        AlertConfigCache,
        StateStore,
        EvaluationService,
        ChannelSender,
        DeliveryService,
        ChannelTestService,
      ],
    };
  }
}
