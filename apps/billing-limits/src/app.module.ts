import { PlatformModule } from '@app/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { ApiQuotaModule } from './api-quota/api-quota.module';
import type { BillingLimitsConfig } from './app.config';
import { EntitlementsModule } from './entitlements/entitlements.module';
import { PlayerSessionsModule } from './player-sessions/player-sessions.module';
import { RetentionModule } from './retention/retention.module';
import { ServerAllowanceModule } from './server-allowance/server-allowance.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';

/** Root module of billing-limits: Plans, subscriptions, API quota counters, retention and player sessions. */
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
        ApiQuotaModule,
        ServerAllowanceModule,
        SubscriptionsModule,
        RetentionModule,
        PlayerSessionsModule,
      ],
    };
  }
}
