import { connect } from '@nats-io/transport-node';
import { Pool } from 'pg';
import { PrismaService } from '@app/database';
import { MetricsService } from '../../../api-gateway/src/metrics/metrics.service';

export async function probe(prisma: PrismaService): Promise<unknown> {
  await prisma.$queryRawUnsafe('SELECT 1');
  return [connect, Pool, MetricsService, prisma];
}
