import { Injectable } from '@nestjs/common';
import { PrismaService } from './prisma.service';

/** Readiness: a round trip to PostgreSQL (the health endpoint's database check). */
@Injectable()
export class DatabaseProbe {
  constructor(private readonly prisma: PrismaService) {}

  /** Throws when PostgreSQL does not answer. */
  ping(): Promise<void> {
    return this.prisma.ping();
  }
}
