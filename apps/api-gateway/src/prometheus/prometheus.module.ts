import { Module } from '@nestjs/common';
import { PrometheusController } from './prometheus.controller';
import { PrometheusRepository } from './prometheus.repository';
import { PrometheusService } from './prometheus.service';

/** The Prometheus exposition of an organisation's game metrics (GET /api/v1/metrics/prometheus). */
@Module({
  controllers: [PrometheusController],
  providers: [PrometheusRepository, PrometheusService],
})
export class PrometheusModule {}
