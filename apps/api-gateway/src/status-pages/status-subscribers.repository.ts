import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A confirmed subscriber to notify: an e-mail address or a sealed webhook URL. */
export interface ActiveSubscriber {
  id: string;
  kind: string;
  email: string | null;
  webhookUrlSealed: Uint8Array | null;
  locale: string;
}

/** The status_subscribers table (owner: api-gateway). Tokens are stored as their SHA-256 only. */
@Injectable()
export class StatusSubscribersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Records an e-mail subscription awaiting confirmation; an address already subscribed to the page gets new tokens
   * (a new confirmation mail) and keeps its confirmation. Returns whether it is confirmed already.
   */
  async upsertEmail(input: {
    pageId: string;
    email: string;
    locale: string;
    confirmTokenHash: string;
    unsubscribeTokenHash: string;
  }): Promise<{ confirmed: boolean }> {
    const row = await this.prisma.statusSubscriber.upsert({
      where: { pageId_email: { pageId: input.pageId, email: input.email } },
      create: { ...input, kind: 'email' },
      update: {
        locale: input.locale,
        confirmTokenHash: input.confirmTokenHash,
        unsubscribeTokenHash: input.unsubscribeTokenHash,
      },
      select: { confirmedAt: true },
    });
    return { confirmed: row.confirmedAt !== null };
  }

  /** Records a webhook subscription, confirmed at once; resolves its id. */
  async createWebhook(input: {
    pageId: string;
    webhookUrlSealed: Uint8Array<ArrayBuffer>;
    unsubscribeTokenHash: string;
    at: Date;
  }): Promise<string> {
    const row = await this.prisma.statusSubscriber.create({
      data: {
        pageId: input.pageId,
        kind: 'webhook',
        webhookUrlSealed: input.webhookUrlSealed,
        unsubscribeTokenHash: input.unsubscribeTokenHash,
        confirmedAt: input.at,
      },
      select: { id: true },
    });
    return row.id;
  }

  /** Confirms the subscription of a confirmation token of the page; false when there is none. */
  async confirm(pageId: string, confirmTokenHash: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.statusSubscriber.updateMany({
      where: { pageId, confirmTokenHash },
      data: { confirmedAt: at, confirmTokenHash: null },
    });
    return count > 0;
  }

  /** Whether the page has a subscription with this unsubscribe token. */
  async hasUnsubscribeToken(pageId: string, unsubscribeTokenHash: string): Promise<boolean> {
    return (await this.prisma.statusSubscriber.count({ where: { pageId, unsubscribeTokenHash } })) > 0;
  }

  /** Removes the subscription of an unsubscribe token of the page; false when there is none. */
  async unsubscribe(pageId: string, unsubscribeTokenHash: string): Promise<boolean> {
    const { count } = await this.prisma.statusSubscriber.deleteMany({ where: { pageId, unsubscribeTokenHash } });
    return count > 0;
  }

  /** The page's confirmed subscribers. */
  confirmed(pageId: string): Promise<ActiveSubscriber[]> {
    return this.prisma.statusSubscriber.findMany({
      where: { pageId, confirmedAt: { not: null } },
      select: { id: true, kind: true, email: true, webhookUrlSealed: true, locale: true },
    });
  }

  /** How many subscribers the page has (confirmed or not): a bound against filling the table. */
  count(pageId: string): Promise<number> {
    return this.prisma.statusSubscriber.count({ where: { pageId } });
  }
}
