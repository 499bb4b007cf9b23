import { Streams } from '@app/contracts';
import { Clock, PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { AlertingMetrics } from './alerting.metrics';
import { AlertingProvidersModule } from './alerting.providers';
import type { AlertingConfig } from './app.config';
import { AlertConfigModule } from './config/alert-config.module';
import { ChannelSender } from './delivery/channel-sender';
import { ChannelTestService } from './delivery/channel-test.service';
import { DeliveriesRepository } from './delivery/deliveries.repository';
import { DeliveryService } from './delivery/delivery.service';
import { RateLimiter } from './delivery/rate-limiter';
import { AlertConfigCache } from './engine/config-cache';
import { ConfigSnapshotRepository } from './engine/config-snapshot.repository';
import { EvaluationService } from './engine/evaluation.service';
import { Evaluator } from './engine/evaluator';
import { StateRepository } from './engine/state.repository';
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
        AlertingProvidersModule,
        AlertConfigModule,
      ],
      providers: [
        AlertingMetrics,
        AlertConfigCache,
        ConfigSnapshotRepository,
        StateRepository,
        StateStore,
        // The evaluator is plain logic over the configuration view (unit-tested without Nest).
        {
          provide: Evaluator,
          inject: [AlertConfigCache, Clock],
          useFactory: (config: AlertConfigCache, clock: Clock) => new Evaluator(config, clock),
        },
        EvaluationService,
        ChannelSender,
        DeliveriesRepository,
        { provide: RateLimiter, useFactory: () => new RateLimiter() },
        DeliveryService,
        ChannelTestService,
      ],
    };
  }
}
