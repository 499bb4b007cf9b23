import { openChannelConfig } from '@app/alerts';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { SecretBox } from '@app/secrets';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { AlertingConfig } from '../app.config';
import { AlertConfigFailure } from '../config/alert-config.errors';
import { SmtpMailer } from '../delivery/smtp-mailer';
import { CONFIRM_TTL_MS, confirmationMail } from './confirmation-mail';
import { RecipientsRepository, type NewRecipient, type RecipientRecord } from './recipients.repository';

/** A recipient as a channel's view shows it. */
export interface RecipientView {
  address: string;
  confirmed: boolean;
  expires_at: string | null;
}

const sha256 = (token: string): string => createHash('sha256').update(token).digest('hex');
const normal = (address: string): string => address.trim().toLowerCase();

/**
 * E-mail recipients confirm by a link before alerts go to them, so the platform is no spam relay: a new address
 * gets one confirmation mail (its token stored only as SHA-256, valid 72 h); deliveries and test messages go to
 * confirmed addresses only. Addresses of channels made before this existed are adopted as confirmed.
 */
@Injectable()
export class RecipientsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RecipientsService.name);

  constructor(
    private readonly repo: RecipientsRepository,
    private readonly mailer: SmtpMailer,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly env: AlertingConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.adoptAll().catch((error: unknown) =>
      this.logger.warn({ err: (error as Error).message }, 'adopting the recipients of older e-mail channels failed'),
    );
  }

  /** Adopts the addresses of every e-mail channel made before confirmation (idempotent; every replica may run it). */
  async adoptAll(): Promise<number> {
    const channels = await this.repo.adoptable();
    for (const c of channels) {
      try {
        const config = openChannelConfig(this.box, c.id, 'email', c.configEnc);
        if (config.kind === 'email') await this.repo.adopt(c.orgId, c.id, config.to.map(normal), this.clock.now());
      } catch (error) {
        this.logger.warn({ channelId: c.id, err: (error as Error).message }, 'recipients not adopted');
      }
    }
    return channels.length;
  }

  /** Each channel's recipients, for the channel views. */
  async views(channelIds: readonly string[]): Promise<Map<string, RecipientView[]>> {
    const out = new Map<string, RecipientView[]>();
    for (const r of await this.repo.list(channelIds)) {
      const list = out.get(r.channelId) ?? [];
      list.push({
        address: r.address,
        confirmed: r.confirmedAt !== null,
        expires_at: r.confirmedAt ? null : (r.expiresAt?.toISOString() ?? null),
      });
      out.set(r.channelId, list);
    }
    return out;
  }

  /**
   * After an e-mail channel was saved with `addresses`: forgets removed ones, adds new ones as pending and mails each
   * of them a confirmation link. `previous`: the addresses before a change, adopted first when the channel predates
   * confirmation.
   */
  async sync(
    orgId: string,
    channel: { id: string; name: string; adopt: boolean },
    addresses: readonly string[],
    previous: readonly string[] = [],
  ): Promise<void> {
    const now = this.clock.now();
    if (channel.adopt) await this.repo.adopt(orgId, channel.id, previous.map(normal), now);
    const wanted = [...new Set(addresses.map(normal))];
    const known = new Set((await this.repo.list([channel.id])).map((r) => r.address));
    const tokens = new Map<string, string>();
    const fresh: NewRecipient[] = wanted
      .filter((a) => !known.has(a))
      .map((address) => {
        const token = randomBytes(32).toString('base64url');
        tokens.set(address, token);
        return { address, tokenSha256: sha256(token), expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS) };
      });
    await this.repo.replace(orgId, channel.id, wanted, fresh, now);
    await Promise.all([...tokens].map(([address, token]) => this.mail(address, channel.name, token)));
  }

  /** Mails a new link to every pending recipient of the channel. */
  async resend(channel: { id: string; name: string }): Promise<{ sent: number; pending: string[] }> {
    // `sent` counts the mails the SMTP server took (0 without SMTP_URL or while it is down; a later resend retries).
    const pending = (await this.repo.list([channel.id])).filter((r) => r.confirmedAt === null);
    let sent = 0;
    for (const r of pending) {
      const token = randomBytes(32).toString('base64url');
      const now = this.clock.now();
      await this.repo.renew(r.id, sha256(token), new Date(now.getTime() + CONFIRM_TTL_MS), now);
      if (await this.mail(r.address, channel.name, token)) sent++;
    }
    return { sent, pending: pending.map((r) => r.address) };
  }

  /** Confirms the recipient of a link's token. */
  async confirm(token: string): Promise<{ address: string; channel_name: string; confirmed_at: string }> {
    const now = this.clock.now();
    const done = /^[\w-]{20,100}$/.test(token) ? await this.repo.confirm(sha256(token), now) : null;
    if (!done)
      throw AlertConfigFailure.invalid(
        'this confirmation link is not valid: it was already used, has expired (after 72 hours) or was mistyped',
        'Ask the channel owner to send a new link (Resend on the channel), then open the newest mail.',
        [{ field: 'token', problem: 'unknown, used or expired' }],
      );
    return { address: done.address, channel_name: done.channelName, confirmed_at: now.toISOString() };
  }

  /**
   * The addresses of an e-mail channel alerts may go to now (confirmed), and those waiting. A channel made before
   * confirmation has its addresses adopted first.
   */
  async deliverable(
    orgId: string,
    channelId: string,
    addresses: readonly string[],
  ): Promise<{ confirmed: string[]; pending: string[] }> {
    if (await this.repo.adoptionPending(channelId))
      await this.repo.adopt(orgId, channelId, addresses.map(normal), this.clock.now());
    const rows = new Map<string, RecipientRecord>((await this.repo.list([channelId])).map((r) => [r.address, r]));
    const confirmed: string[] = [];
    const pending: string[] = [];
    for (const a of addresses) (rows.get(normal(a))?.confirmedAt ? confirmed : pending).push(a);
    return { confirmed, pending };
  }

  /** Sends one confirmation mail; a failure is logged (without the token) and a resend tries again. */
  private async mail(address: string, channelName: string, token: string): Promise<boolean> {
    if (!this.mailer.configured) return false;
    try {
      await this.mailer.send(confirmationMail(address, channelName, token, this.env.PUBLIC_URL));
      return true;
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'confirmation mail not sent');
      return false;
    }
  }
}
