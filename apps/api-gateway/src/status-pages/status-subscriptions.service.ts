import { signWebhook, WEBHOOK_HEADERS } from '@app/alerts';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { hashToken, SecretBox } from '@app/secrets';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import type { ApiGatewayConfig } from '../app.config';
import { ApiError } from '../http/api-error';
import { AccountMailer } from '../mail/account-mailer';
import { statusStrings, type StatusLanguage } from './status-page.i18n';
import type { StatusPageRecord } from './status-pages.repository';
import { StatusSubscribersRepository, type ActiveSubscriber } from './status-subscribers.repository';
import { StatusWebhookNotifier } from './status-webhook.notifier';

/** The page a notice is about. */
export type NoticePage = Pick<StatusPageRecord, 'id' | 'slug' | 'title'>;

/** The subscriber a notice goes to. */
export type NoticeSubscriber = Pick<ActiveSubscriber, 'id' | 'email' | 'webhookUrlSealed' | 'locale'>;

/** The path of a subscription link: the token in the path, not a query string (access logs keep query strings). */
export function subscriptionLink(slug: string, kind: 'confirm' | 'unsubscribe', token: string): string {
  return `/status/${encodeURIComponent(slug)}/${kind}/${encodeURIComponent(token)}`;
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
  private readonly signingKey: Buffer;

  constructor(
    private readonly repository: StatusSubscribersRepository,
    private readonly mailer: AccountMailer,
    private readonly webhooks: StatusWebhookNotifier,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {
    this.unsubscribeKey = createHmac('sha256', config.SECRETS_KEY).update('status-page-unsubscribe').digest();
    this.signingKey = createHmac('sha256', config.SECRETS_KEY).update('status-page-webhook-signing').digest();
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
    const confirmUrl = `${origin}${subscriptionLink(page.slug, 'confirm', confirmToken)}?lang=${lang}`;
    const subject = t.mailConfirmSubject.replace('{title}', page.title);
    const text = `${t.mailConfirmBody.replace('{title}', page.title)}\n\n${confirmUrl}\n`;
    await this.mailer.deliver(
      { to: [email], subject, text, html: `<p>${escape(text).replace(/\n/g, '<br>')}</p>`, headers: {} },
      'status page confirmation',
    );
  }

  /** Adds a webhook subscriber; answers the token of its unsubscribe link and its signing secret (shown once). */
  async subscribeWebhook(
    page: StatusPageRecord,
    url: string,
  ): Promise<{ unsubscribeToken: string; signingSecret: string }> {
    const refusal = await this.webhooks.refusal(url);
    if (refusal)
      throw new ApiError('TargetNotAllowed', `webhook_url ${refusal}`, 'Give a public http(s) URL of your receiver.', {
        fields: [{ field: 'webhook_url', problem: refusal }],
      });
    await this.belowCap(page.id);
    const unsubscribeToken = randomBytes(32).toString('base64url');
    const id = await this.repository.createWebhook({
      pageId: page.id,
      webhookUrlSealed: new Uint8Array(this.box.seal(url, `status_subscriber:${page.id}`)),
      unsubscribeTokenHash: hashToken(unsubscribeToken),
      at: this.clock.now(),
    });
    return { unsubscribeToken, signingSecret: this.webhookSigningSecret(id) };
  }

  async confirm(page: StatusPageRecord, token: string): Promise<void> {
    if (!token || token.length > 100 || !(await this.repository.confirm(page.id, hashToken(token), this.clock.now())))
      throw linkInvalid();
  }

  /** Whether `token` is an unsubscribe token of the page (the form asks only then). */
  async canUnsubscribe(page: StatusPageRecord, token: string): Promise<boolean> {
    return !!token && token.length <= 100 && this.repository.hasUnsubscribeToken(page.id, hashToken(token));
  }

  async unsubscribe(page: StatusPageRecord, token: string): Promise<void> {
    if (!token || token.length > 100 || !(await this.repository.unsubscribe(page.id, hashToken(token))))
      throw linkInvalid();
  }

  /**
   * One mail to a confirmed address (sent from the outbox): the text, the page's link and the one-click unsubscribe
   * link (RFC 8058). Throws when the mail server does not take it (the outbox tries again later).
   */
  async mailNotice(page: NoticePage, subscriber: NoticeSubscriber, subject: string, body: string): Promise<void> {
    if (!subscriber.email || !this.config.PUBLIC_URL) return;
    const lang = (subscriber.locale as StatusLanguage) ?? 'en';
    const t = statusStrings(lang);
    const base = `${this.config.PUBLIC_URL}/status/${encodeURIComponent(page.slug)}`;
    const unsubscribeUrl = `${this.config.PUBLIC_URL}${subscriptionLink(page.slug, 'unsubscribe', this.emailUnsubscribeToken(page.id, subscriber.email))}?lang=${lang}`;
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

  /**
   * One signed JSON POST to a webhook subscriber (sent from the outbox; its URL sealed at rest): the alerting
   * webhooks' headers and signature (HMAC-SHA256 over `${timestamp}.${body}` with the subscriber's signing secret,
   * given once when it subscribed). Throws on anything but 2xx (the outbox tries again later).
   */
  async postNotice(
    page: NoticePage,
    subscriber: NoticeSubscriber,
    notice: { event: string; body: unknown; deliveryId: string; idempotencyKey: string },
  ): Promise<void> {
    if (!subscriber.webhookUrlSealed) return;
    const url = this.box.open(subscriber.webhookUrlSealed, `status_subscriber:${page.id}`);
    const raw = JSON.stringify(notice.body);
    const timestamp = Math.floor(this.clock.nowMs() / 1000);
    const status = await this.webhooks.post(url, raw, {
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(this.webhookSigningSecret(subscriber.id), timestamp, raw),
      [WEBHOOK_HEADERS.event]: notice.event,
      [WEBHOOK_HEADERS.delivery]: notice.deliveryId,
      [WEBHOOK_HEADERS.idempotency]: notice.idempotencyKey,
    });
    if (status < 200 || status >= 300) throw new Error(`the receiver answered ${status}`);
  }

  /** A webhook subscriber's signing secret: derived (an HMAC of its id), so it is never stored. */
  private webhookSigningSecret(subscriberId: string): string {
    return createHmac('sha256', this.signingKey).update(subscriberId).digest('base64url');
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
