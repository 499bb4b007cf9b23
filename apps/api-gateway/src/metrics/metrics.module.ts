import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { HistoryController } from './history.controller';
import { HistoryRepository } from './history.repository';
import { MetricsController } from './metrics.controller';
import { MetricsRepository } from './metrics.repository';
import { MetricsService } from './metrics.service';

/** The time-series REST routes; exports MetricsService (servers and shares forget and read through it). */
@Module({
  imports: [BillingModule],
  controllers: [MetricsController, HistoryController],
  providers: [MetricsRepository, HistoryRepository, MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
