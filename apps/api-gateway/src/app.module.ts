import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { ApiGatewayConfig } from './app.config';

/** Root module of api-gateway: REST API, accounts, tokens, server registration, share links, audit log; serves the dashboard. */
@Module({})
export class AppModule {
  static forRoot(config: ApiGatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'api-gateway',
          config,
        }),
      ],
    };
  }
}
