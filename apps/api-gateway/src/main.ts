import { bootstrapService } from '@app/platform';
import { ApiGatewayConfig } from './app.config';
import { AppModule } from './app.module';
import { configureHttp } from './http/http-setup';
import { installLatestFastPath } from './http/latest-fast-path';
import { contentSecurityPolicy } from './static/csp';
import { serveWebApp, webDistDir } from './static/web-app';

void bootstrapService({
  service: 'api-gateway',
  schema: ApiGatewayConfig,
  module: (config) => AppModule.forRoot(config),
  nestOptions: { bodyParser: false },
  configure: (app, config) => {
    configureHttp(app, config);
    serveWebApp(app, webDistDir(config.WEB_DIST), contentSecurityPolicy(config.REALTIME_PUBLIC_URL));
    installLatestFastPath(app, config);
  },
});
