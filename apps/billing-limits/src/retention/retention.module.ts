import { Module } from '@nestjs/common';
import { RetentionJob } from './retention.job';
import { RetentionMetrics } from './retention.metrics';
import { RetentionRepository } from './retention.repository';

/** Per-plan retention of the time-series samples. */
@Module({ providers: [RetentionRepository, RetentionMetrics, RetentionJob] })
export class RetentionModule {}
