import type { ChannelKind, Locale } from '@app/contracts';
import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A notification channel; `configEnc` is the sealed settings (never leaves alerting unsealed). */
export interface ChannelRecord {
  id: string;
  orgId: string;
  kind: ChannelKind;
  name: string;
  enabled: boolean;
  /** The language of its alert messages. */
  locale: Locale;
  configEnc: Uint8Array;
  configHint: string;
  /** An e-mail channel made before recipients confirmed: its addresses are to be adopted as confirmed. */
  recipientsAdopt?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Takes the transaction-scoped advisory lock of an organisation's `what` (released at commit or rollback): capped
 * inserts of one organisation wait for each other, other organisations do not.
 */
export async function lockOrg(tx: Db.Prisma.TransactionClient, what: string, orgId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended(${`${what}:${orgId}`}, 0))`;
}

/** The newest delivery of a channel, shown beside it. */
export interface LastDelivery {
  status: string;
  updatedAt: Date;
  error: string | null;
}

/** notification_channels (owner: alerting). */
@Injectable()
export class AlertChannelsRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(orgId: string): Promise<ChannelRecord[]> {
    return this.prisma.notificationChannel.findMany({ where: { orgId }, orderBy: { createdAt: 'asc' } });
  }

  /** The channel if it belongs to the organisation. */
  find(orgId: string, id: string): Promise<ChannelRecord | null> {
    return this.prisma.notificationChannel.findFirst({ where: { id, orgId } });
  }

  create(channel: Omit<ChannelRecord, 'createdAt' | 'updatedAt'>): Promise<ChannelRecord> {
    return this.prisma.notificationChannel.create({
      data: { ...channel, configEnc: new Uint8Array(channel.configEnc) },
    });
  }

  /**
   * Creates the channel unless the organisation has `cap` channels already; null then. The count and the insert run
   * under a transaction-scoped advisory lock of the organisation, so parallel creates cannot pass the cap together.
   */
  createCapped(channel: Omit<ChannelRecord, 'createdAt' | 'updatedAt'>, cap: number): Promise<ChannelRecord | null> {
    return this.prisma.$transaction(
      async (tx) => {
        await lockOrg(tx, 'notification_channels', channel.orgId);
        if ((await tx.notificationChannel.count({ where: { orgId: channel.orgId } })) >= cap) return null;
        return tx.notificationChannel.create({ data: { ...channel, configEnc: new Uint8Array(channel.configEnc) } });
      },
      { maxWait: 10_000, timeout: 10_000 },
    );
  }

  update(
    id: string,
    changes: { name?: string; enabled?: boolean; locale?: Locale; configEnc?: Uint8Array; configHint?: string },
  ): Promise<ChannelRecord> {
    return this.prisma.notificationChannel.update({
      where: { id },
      data: { ...changes, configEnc: changes.configEnc ? new Uint8Array(changes.configEnc) : undefined },
    });
  }

  async delete(id: string): Promise<void> {
    await this.prisma.notificationChannel.delete({ where: { id } });
  }

  /** The newest delivery of each channel (channels without one are absent). */
  async lastDeliveries(ids: readonly string[]): Promise<Map<string, LastDelivery>> {
    if (ids.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<
      { channel_id: string; status: string; updated_at: Date; error: string | null }[]
    >(Db.Prisma.sql`SELECT DISTINCT ON (channel_id) channel_id, status::text, updated_at, error FROM deliveries
        WHERE channel_id = ANY(${[...ids]}::uuid[]) ORDER BY channel_id, updated_at DESC`);
    return new Map(rows.map((r) => [r.channel_id, { status: r.status, updatedAt: r.updated_at, error: r.error }]));
  }
}
