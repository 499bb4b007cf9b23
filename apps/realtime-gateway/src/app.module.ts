import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { RealtimeGatewayConfig } from './app.config';
import { FanoutModule } from './fanout/fanout.module';
import { GatewayModule } from './gateway/gateway.module';

/**
 * Root module of realtime-gateway: Socket.IO connections and rooms (handshake auth, one room per server and
 * audience); fans poll results, status changes and alerts out to dashboards and overlays; ends connections whose
 * access ends.
 */
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
        GatewayModule,
        FanoutModule,
      ],
    };
  }
}
