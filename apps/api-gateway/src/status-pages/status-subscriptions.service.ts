import { Clock, SERVICE_CONFIG } from '@app/platform';
import { hashToken, SecretBox } from '@app/secrets';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { AccountMailer } from '../mail/account-mailer';
import type { StatusIncidentRecord } from './status-incidents.repository';
import { statusStrings, type StatusLanguage } from './status-page.i18n';
import { StatusPagesRepository, type StatusPageRecord } from './status-pages.repository';
import { StatusSubscribersRepository, type ActiveSubscriber } from './status-subscribers.repository';
import { StatusWebhookNotifier } from './status-webhook.notifier';

/** A scheduled maintenance window announced to subscribers: a one-off silence made through the API. */
export interface MaintenanceAnnouncement {
  reason: string;
  /** null: the whole organisation (every page of it). */
  serverId: string | null;
  startsAt: Date;
  endsAt: Date | null;
}

/** Subscribers a page may have (confirmed or not): a bound against filling the table through the public route. */
export const MAX_SUBSCRIBERS_PER_PAGE = 10_000;

const linkInvalid = () =>
  new ApiError('LinkInvalid', 'this link is not valid (used or unknown)', 'Subscribe again on the status page.');

/**
 * Subscriptions to a status page: e-mail with double opt-in (a confirmation link; only confirmed addresses get
 * notifications), webhooks (checked against the target guard, confirmed at once), and the notifications of incident
 * updates. Tokens are random or derived and stored as SHA-256 only; webhook URLs are sealed. Every mail carries a
 * one-click unsubscribe link (RFC 8058, List-Unsubscribe + List-Unsubscribe-Post).
 */
@Injectable()
export class StatusSubscriptionsService {
  private readonly logger = new Logger(StatusSubscriptionsService.name);
  private readonly unsubscribeKey: Buffer;

  constructor(
    private readonly repository: StatusSubscribersRepository,
    private readonly pages: StatusPagesRepository,
    private readonly mailer: AccountMailer,
    private readonly webhooks: StatusWebhookNotifier,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {
    this.unsubscribeKey = createHmac('sha256', config.SECRETS_KEY).update('status-page-unsubscribe').digest();
  }

  /** Starts an e-mail subscription: mails the confirmation link (the same answer whether new or known). */
  async subscribeEmail(page: StatusPageRecord, email: string, lang: StatusLanguage): Promise<void> {
    const origin = this.origin();
    await this.belowCap(page.id);
    const confirmToken = randomBytes(32).toString('base64url');
    const unsubscribeToken = this.emailUnsubscribeToken(page.id, email);
    const { confirmed } = await this.repository.upsertEmail({
      pageId: page.id,
      email,
      locale: lang,
      confirmTokenHash: hashToken(confirmToken),
      unsubscribeTokenHash: hashToken(unsubscribeToken),
    });
    if (confirmed) return; // subscribed already: nothing to confirm, and no mail that tells anyone so
    const t = statusStrings(lang);
    const base = `${origin}/status/${encodeURIComponent(page.slug)}`;
    const confirmUrl = `${base}/confirm?token=${confirmToken}&lang=${lang}`;
    const subject = t.mailConfirmSubject.replace('{title}', page.title);
    const text = `${t.mailConfirmBody.replace('{title}', page.title)}\n\n${confirmUrl}\n`;
    await this.mailer.deliver(
      { to: [email], subject, text, html: `<p>${escape(text).replace(/\n/g, '<br>')}</p>`, headers: {} },
      'status page confirmation',
    );
  }

  /** Adds a webhook subscriber; answers the token of its unsubscribe link (shown once). */
  async subscribeWebhook(page: StatusPageRecord, url: string): Promise<{ unsubscribeToken: string }> {
    const refusal = await this.webhooks.refusal(url);
    if (refusal)
      throw new ApiError('TargetNotAllowed', `webhook_url ${refusal}`, 'Give a public http(s) URL of your receiver.', {
        fields: [{ field: 'webhook_url', problem: refusal }],
      });
    await this.belowCap(page.id);
    const unsubscribeToken = randomBytes(32).toString('base64url');
    await this.repository.createWebhook({
      pageId: page.id,
      webhookUrlSealed: new Uint8Array(this.box.seal(url, `status_subscriber:${page.id}`)),
      unsubscribeTokenHash: hashToken(unsubscribeToken),
      at: this.clock.now(),
    });
    return { unsubscribeToken };
  }

  async confirm(page: StatusPageRecord, token: string): Promise<void> {
    if (!token || token.length > 100 || !(await this.repository.confirm(page.id, hashToken(token), this.clock.now())))
      throw linkInvalid();
  }

  async unsubscribe(page: StatusPageRecord, token: string): Promise<void> {
    if (!token || token.length > 100 || !(await this.repository.unsubscribe(page.id, hashToken(token))))
      throw linkInvalid();
  }

  /**
   * Tells every confirmed subscriber of an incident's newest update: a mail each (in the language it subscribed in)
   * and a JSON POST to each webhook. Runs after the request; failures are logged without address or URL.
   */
  async notify(page: StatusPageRecord, incident: StatusIncidentRecord): Promise<void> {
    await this.tellSubscribers(page, (subscriber) =>
      subscriber.kind === 'email'
        ? this.mailUpdate(page, incident, subscriber)
        : this.postUpdate(page, incident, subscriber),
    );
  }

  /**
   * Announces scheduled maintenance (a one-off silence of the whole organisation or of one server, made through the
   * API) to the confirmed subscribers of every page of the organisation that shows it: a mail each, in its language,
   * and a JSON POST `{page, maintenance}` to each webhook. Runs after the request; failures are logged.
   */
  async announceMaintenance(orgId: string, window: MaintenanceAnnouncement): Promise<void> {
    try {
      const pages = (await this.pages.list(orgId)).filter(
        (page) => window.serverId === null || page.serverIds.includes(window.serverId),
      );
      for (const page of pages)
        await this.tellSubscribers(page, (subscriber) =>
          subscriber.kind === 'email'
            ? this.mailMaintenance(page, window, subscriber)
            : this.postMaintenance(page, window, subscriber),
        );
    } catch (error) {
      this.logger.warn({ orgId, reason: (error as Error).message }, 'maintenance not announced');
    }
  }

  private async tellSubscribers(page: StatusPageRecord, tell: (subscriber: ActiveSubscriber) => Promise<void>) {
    const subscribers = await this.repository.confirmed(page.id);
    for (const subscriber of subscribers) {
      try {
        await tell(subscriber);
      } catch (error) {
        this.logger.warn(
          { pageId: page.id, subscriberId: subscriber.id, kind: subscriber.kind, reason: (error as Error).message },
          'status page notification not delivered',
        );
      }
    }
  }

  private async mailUpdate(page: StatusPageRecord, incident: StatusIncidentRecord, subscriber: ActiveSubscriber) {
    const lang = (subscriber.locale as StatusLanguage) ?? 'en';
    const state = (statusStrings(lang) as Record<string, string>)[`state_${incident.state}`] ?? incident.state;
    const update = incident.updates[0];
    await this.mail(
      page,
      subscriber,
      `${incident.title}: ${state}`,
      `${incident.title}\n${state}: ${update?.message ?? ''}`,
    );
  }

  private async mailMaintenance(page: StatusPageRecord, window: MaintenanceAnnouncement, subscriber: ActiveSubscriber) {
    const lang = (subscriber.locale as StatusLanguage) ?? 'en';
    const title = statusStrings(lang).maintenance;
    const span = `${window.startsAt.toISOString()} – ${window.endsAt?.toISOString() ?? '…'}`;
    await this.mail(page, subscriber, `${title}: ${window.reason}`, `${title}: ${window.reason}\n${span} (UTC)`);
  }

  /** One mail to a confirmed address: the text, the page's link and the one-click unsubscribe link. */
  private async mail(page: StatusPageRecord, subscriber: ActiveSubscriber, subject: string, body: string) {
    if (!subscriber.email || !this.config.PUBLIC_URL) return;
    const lang = (subscriber.locale as StatusLanguage) ?? 'en';
    const t = statusStrings(lang);
    const base = `${this.config.PUBLIC_URL}/status/${encodeURIComponent(page.slug)}`;
    const unsubscribeUrl = `${base}/unsubscribe?token=${this.emailUnsubscribeToken(page.id, subscriber.email)}&lang=${lang}`;
    const text = `${body}\n\n${base}?lang=${lang}\n\n${t.mailUnsubscribe} ${unsubscribeUrl}\n`;
    const delivered = await this.mailer.deliver(
      {
        to: [subscriber.email],
        subject: `[${page.title}] ${subject}`,
        text,
        html: `<p>${escape(text).replace(/\n/g, '<br>')}</p>`,
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      'status page notification',
    );
    if (!delivered) throw new Error('the mail server did not take the mail');
  }

  private async postMaintenance(page: StatusPageRecord, window: MaintenanceAnnouncement, subscriber: ActiveSubscriber) {
    await this.post(page, subscriber, {
      page: { slug: page.slug, title: page.title },
      maintenance: {
        reason: window.reason,
        starts_at: window.startsAt.toISOString(),
        ends_at: window.endsAt?.toISOString() ?? null,
      },
    });
  }

  private async postUpdate(page: StatusPageRecord, incident: StatusIncidentRecord, subscriber: ActiveSubscriber) {
    const update = incident.updates[0];
    await this.post(page, subscriber, {
      page: { slug: page.slug, title: page.title },
      incident: {
        id: incident.id,
        title: incident.title,
        impact: incident.impact,
        state: incident.state,
        created_at: incident.createdAt.toISOString(),
        resolved_at: incident.resolvedAt?.toISOString() ?? null,
      },
      update: update
        ? { state: update.state, message: update.message, created_at: update.createdAt.toISOString() }
        : null,
    });
  }

  /** One JSON POST to a webhook subscriber (its URL sealed at rest). */
  private async post(page: StatusPageRecord, subscriber: ActiveSubscriber, payload: unknown) {
    if (!subscriber.webhookUrlSealed) return;
    const url = this.box.open(subscriber.webhookUrlSealed, `status_subscriber:${page.id}`);
    const status = await this.webhooks.post(url, payload);
    if (status < 200 || status >= 300) throw new Error(`the receiver answered ${status}`);
  }

  /** The stable unsubscribe token of an address on a page: an HMAC, so every mail can carry it without storing it. */
  private emailUnsubscribeToken(pageId: string, email: string): string {
    return createHmac('sha256', this.unsubscribeKey).update(`${pageId}\n${email}`).digest('base64url');
  }

  private origin(): string {
    if (!this.config.PUBLIC_URL || !this.mailer.configured)
      throw new ApiError(
        'Conflict',
        'e-mail subscriptions are not available on this platform',
        'Use the Atom feed or a webhook; the operator must set PUBLIC_URL and SMTP_URL for e-mail.',
      );
    return this.config.PUBLIC_URL;
  }

  private async belowCap(pageId: string): Promise<void> {
    if ((await this.repository.count(pageId)) >= MAX_SUBSCRIBERS_PER_PAGE)
      throw new ApiError('Conflict', 'this status page has too many subscribers', 'Use the Atom feed instead.');
  }
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
