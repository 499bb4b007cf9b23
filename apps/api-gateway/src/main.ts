import { bootstrapService } from '@app/platform';
import { ApiGatewayConfig } from './app.config';
import { AppModule } from './app.module';
import { configureHttp } from './http/http-setup';

void bootstrapService({
  service: 'api-gateway',
  schema: ApiGatewayConfig,
  module: (config) => AppModule.forRoot(config),
  nestOptions: { bodyParser: false },
  configure: (app, config) => configureHttp(app, config),
});
