import { bootstrapService } from '@app/platform';
import { ApiGatewayConfig } from './app.config';
import { AppModule } from './app.module';

void bootstrapService({
  service: 'api-gateway',
  schema: ApiGatewayConfig,
  module: (config) => AppModule.forRoot(config),
});
