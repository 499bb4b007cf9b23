import { Module } from '@nestjs/common';
import { RealtimeMetrics } from './realtime.metrics';

/** The gateway's Prometheus metrics, shared by its features. */
@Module({ providers: [RealtimeMetrics], exports: [RealtimeMetrics] })
export class MetricsModule {}
