import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A silence as stored: one-off, or weekly when days, start minute, duration and time zone are set. */
export interface SilenceRecord {
  id: string;
  orgId: string;
  serverId: string | null;
  ruleId: string | null;
  reason: string;
  startsAt: Date;
  endsAt: Date | null;
  days: number[];
  startMinute: number | null;
  durationMinutes: number | null;
  timeZone: string | null;
  createdBy: string | null;
  createdAt: Date;
}

/** silences (owner: alerting). */
@Injectable()
export class SilencesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first; every silence when `notEndedAt` is null, else those that have not ended by then. */
  list(orgId: string, notEndedAt: Date | null): Promise<SilenceRecord[]> {
    return this.prisma.silence.findMany({
      where: { orgId, ...(notEndedAt ? { OR: [{ endsAt: null }, { endsAt: { gt: notEndedAt } }] } : {}) },
      orderBy: { createdAt: 'desc' },
    });
  }

  find(orgId: string, id: string): Promise<SilenceRecord | null> {
    return this.prisma.silence.findFirst({ where: { id, orgId } });
  }

  create(silence: Omit<SilenceRecord, 'id' | 'createdAt'>): Promise<SilenceRecord> {
    return this.prisma.silence.create({ data: silence });
  }

  async delete(id: string): Promise<void> {
    await this.prisma.silence.delete({ where: { id } });
  }
}
