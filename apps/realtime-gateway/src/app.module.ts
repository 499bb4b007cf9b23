import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { RealtimeGatewayConfig } from './app.config';

/** Root module of realtime-gateway: Socket.IO connections and rooms; fans poll results and status changes out to dashboards. */
@Module({})
export class AppModule {
  static forRoot(config: RealtimeGatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'realtime-gateway',
          config,
        }),
      ],
    };
  }
}
