import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** An address of an e-mail channel and where its confirmation stands. */
export interface RecipientRecord {
  id: string;
  channelId: string;
  address: string;
  confirmedAt: Date | null;
  expiresAt: Date | null;
}

/** A pending recipient to add: the SHA-256 of its link's token and when the link expires. */
export interface NewRecipient {
  address: string;
  tokenSha256: string;
  expiresAt: Date;
}

/** An e-mail channel whose addresses predate confirmation (to adopt as confirmed). */
export interface AdoptableChannel {
  id: string;
  orgId: string;
  configEnc: Uint8Array;
}

const FIELDS = { id: true, channelId: true, address: true, confirmedAt: true, expiresAt: true } as const;

/** alert_recipients (owner: alerting). */
@Injectable()
export class RecipientsRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(channelIds: readonly string[]): Promise<RecipientRecord[]> {
    if (channelIds.length === 0) return Promise.resolve([]);
    return this.prisma.alertRecipient.findMany({
      where: { channelId: { in: [...channelIds] } },
      select: FIELDS,
      orderBy: { createdAt: 'asc' },
    });
  }

  /** Keeps exactly `addresses` (lower case) for the channel: drops the others, adds the new ones as pending. */
  async replace(
    orgId: string,
    channelId: string,
    addresses: readonly string[],
    fresh: readonly NewRecipient[],
    now: Date,
  ): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.alertRecipient.deleteMany({ where: { channelId, address: { notIn: [...addresses] } } }),
      this.prisma.alertRecipient.createMany({
        data: fresh.map((r) => ({ orgId, channelId, ...r, sentAt: now })),
        skipDuplicates: true,
      }),
    ]);
  }

  /** A new link for a pending recipient. */
  async renew(id: string, tokenSha256: string, expiresAt: Date, now: Date): Promise<void> {
    await this.prisma.alertRecipient.updateMany({
      where: { id, confirmedAt: null },
      data: { tokenSha256, expiresAt, sentAt: now },
    });
  }

  /** Confirms the recipient whose unexpired link has this token; null when none (unknown, used or expired). */
  async confirm(tokenSha256: string, now: Date): Promise<{ address: string; channelName: string } | null> {
    const rows = await this.prisma.$queryRaw<{ address: string; name: string }[]>(
      Db.Prisma.sql`UPDATE alert_recipients r SET confirmed_at = ${now}, token_sha256 = NULL
        FROM notification_channels c
        WHERE r.token_sha256 = ${tokenSha256} AND r.confirmed_at IS NULL AND r.expires_at > ${now}
          AND c.id = r.channel_id
        RETURNING r.address, c.name`,
    );
    const row = rows[0];
    return row ? { address: row.address, channelName: row.name } : null;
  }

  /** Whether the channel's addresses predate confirmation and are not adopted yet. */
  async adoptionPending(channelId: string): Promise<boolean> {
    const row = await this.prisma.notificationChannel.findUnique({
      where: { id: channelId },
      select: { recipientsAdopt: true },
    });
    return row?.recipientsAdopt ?? false;
  }

  /** Channels whose addresses are to be adopted. */
  adoptable(): Promise<AdoptableChannel[]> {
    return this.prisma.notificationChannel.findMany({
      where: { recipientsAdopt: true },
      select: { id: true, orgId: true, configEnc: true },
    });
  }

  /** Records the channel's current addresses as confirmed (they were in use before confirmation existed). */
  async adopt(orgId: string, channelId: string, addresses: readonly string[], now: Date): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.alertRecipient.createMany({
        data: addresses.map((address) => ({ orgId, channelId, address, confirmedAt: now })),
        skipDuplicates: true,
      }),
      this.prisma.alertRecipient.updateMany({
        where: { channelId, address: { in: [...addresses] }, confirmedAt: null },
        data: { confirmedAt: now, tokenSha256: null },
      }),
      this.prisma.notificationChannel.update({ where: { id: channelId }, data: { recipientsAdopt: false } }),
    ]);
  }
}
