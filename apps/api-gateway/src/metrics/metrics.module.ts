import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { MetricsController } from './metrics.controller';
import { MetricsRepository } from './metrics.repository';
import { MetricsService } from './metrics.service';

/** The time-series REST routes; exports MetricsService (servers and shares forget and read through it). */
@Module({
  imports: [BillingModule],
  controllers: [MetricsController],
  providers: [MetricsRepository, MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
