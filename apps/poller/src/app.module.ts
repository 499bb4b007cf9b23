import { Streams } from '@app/contracts';
import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { PollerConfig } from './app.config';
import { PollerModule } from './poller.module';

/** Root module of poller: Polling schedule, game-API and FRM clients, status derivation, time-series samples. */
@Module({})
export class AppModule {
  static forRoot(config: PollerConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'poller',
          config,
          streams: [Streams.pollJobs, Streams.pollResults],
        }),
        PollerModule,
      ],
    };
  }
}
