import { Streams } from '@app/contracts';
import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { AlertingConfig } from './app.config';

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
          streams: [Streams.deliveries],
        }),
      ],
    };
  }
}
