import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import type { BillingLimitsConfig } from './app.config';
import { EntitlementsModule } from './entitlements/entitlements.module';

/** Root module of billing-limits: Plans, subscriptions, API quota counters and retention. */
@Module({})
export class AppModule {
  static forRoot(config: BillingLimitsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'billing-limits',
          config,
        }),
        EntitlementsModule,
      ],
    };
  }
}
