import type { ServiceEnv } from '@app/config';
import type { StreamDefinition } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import { MessagingModule } from '@app/messaging';
import { ObservabilityModule } from '@app/observability';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { HealthController } from './health.controller';
import { LifecycleService } from './lifecycle.service';
import { ReadinessRegistry } from './readiness.registry';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

export interface PlatformOptions {
  service: string;
  config: ServiceEnv;
  /** JetStream streams the service owns and declares at start-up. */
  streams?: readonly StreamDefinition[];
}

/** Logging, metrics, PostgreSQL, NATS, health endpoints and the lifecycle flag: what every service imports. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const { config, service } = options;
    return {
      module: PlatformModule,
      imports: [
        ObservabilityModule.forRoot({ service, logLevel: config.LOG_LEVEL }),
        DatabaseModule.forRoot({
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          applicationName: service,
        }),
        MessagingModule.forRoot({
          servers: config.NATS_URL,
          service,
          prefix: config.NATS_PREFIX,
          streamReplicas: config.NATS_STREAM_REPLICAS,
          streams: options.streams,
        }),
      ],
      controllers: [HealthController],
      providers: [
        LifecycleService,
        ReadinessRegistry,
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: Clock, useClass: SystemClock },
      ],
      exports: [LifecycleService, ReadinessRegistry, SERVICE_CONFIG, Clock],
    };
  }
}
