import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BillingClient } from './billing.client';
import { BillingController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { QuotaService } from './quota.service';
import { SubscriptionService } from './subscription.service';

/** Plans, subscriptions and the daily API quota; exports what other features ask billing-limits through. */
@Module({
  imports: [AuditModule],
  controllers: [BillingController],
  providers: [BillingClient, QuotaService, BillingRepository, SubscriptionService],
  exports: [BillingClient, QuotaService],
})
export class BillingModule {}
