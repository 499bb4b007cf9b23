import { bootstrapService } from '@app/platform';
import { RealtimeGatewayConfig } from './app.config';
import { AppModule } from './app.module';

void bootstrapService({
  service: 'realtime-gateway',
  schema: RealtimeGatewayConfig,
  module: (config) => AppModule.forRoot(config),
});
