import {
  renderDiscord,
  renderEmail,
  renderSlack,
  renderTeams,
  renderTelegram,
  renderWebhook,
  signWebhook,
  WEBHOOK_HEADERS,
  type AlertMessage,
  type ChannelConfig,
} from '@app/alerts';
import type { Locale } from '@app/contracts';
import { TargetGuard } from '@app/game-client';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { AlertingConfig } from '../app.config';
import { postGuarded, retryAfterMs, SendError, type HttpAnswer } from './http-post';
import { SmtpMailer } from './smtp-mailer';

/** How one attempt went. `retry`: try again later (after `retryAfterMs` when the receiver said). */
export interface SendResult {
  outcome: 'sent' | 'retry' | 'permanent';
  status: number | null;
  retryAfterMs: number | null;
  /** The start of the receiver's answer (at most 500 characters, secrets removed). */
  answer: string | null;
  /** What went wrong, in plain words, with what to do; null when sent. */
  error: string | null;
}

const ANSWER_MAX = 500;

/** Replaces every occurrence of each secret (and its URL-encoded form) with "••••". */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s.length < 4) continue;
    out = out.split(s).join('••••').split(encodeURIComponent(s)).join('••••');
  }
  return out;
}

function secretsOf(config: ChannelConfig): string[] {
  switch (config.kind) {
    case 'email':
      return [];
    case 'telegram':
      return [config.bot_token];
    case 'webhook':
      return [config.url, config.secret, new URL(config.url).pathname];
    default:
      return [config.url, new URL(config.url).pathname];
  }
}

/** What an HTTP status means for a notification, with advice for the delivery log. */
function classify(answer: HttpAnswer, kindName: string): Omit<SendResult, 'answer'> {
  const status = answer.status;
  if (status >= 200 && status < 300) return { outcome: 'sent', status, retryAfterMs: null, error: null };
  if (status === 429)
    return {
      outcome: 'retry',
      status,
      retryAfterMs: retryAfterMs(answer),
      error: `${kindName} is rate limiting us (429); sending again when it allows`,
    };
  if (status === 408 || status >= 500)
    return {
      outcome: 'retry',
      status,
      retryAfterMs: status === 503 ? retryAfterMs(answer) : null,
      error: `${kindName} answered ${status}; trying again with backoff`,
    };
  const advice =
    status === 404 || status === 410
      ? 'the webhook no longer exists: create a new one and update the channel'
      : status === 401 || status === 403
        ? 'the receiver refused our credentials: check the URL or token in the channel settings'
        : 'the receiver refused the message; see its answer';
  return { outcome: 'permanent', status, retryAfterMs: null, error: `${kindName} answered ${status}: ${advice}` };
}

/**
 * Sends one notification to one channel: renders it for the receiver in the channel's language, posts it, and
 * classifies the answer.
 */
@Injectable()
export class ChannelSender {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly env: AlertingConfig,
    private readonly guard: TargetGuard,
    private readonly clock: Clock,
    private readonly mailer: SmtpMailer,
  ) {}

  /**
   * `beforeWrite` runs once the receiver's connection stands, just before the request is written (HTTP channels; an
   * e-mail is accepted only at the end of its SMTP session, so it has none): see {@link postGuarded}.
   */
  async send(
    config: ChannelConfig,
    message: AlertMessage,
    deliveryId: string,
    locale: Locale,
    beforeWrite?: () => Promise<void>,
  ): Promise<SendResult> {
    const secrets = secretsOf(config);
    try {
      const result = await this.attempt(config, message, deliveryId, locale, beforeWrite);
      return {
        ...result,
        answer: result.answer ? redact(result.answer, secrets).slice(0, ANSWER_MAX) : null,
        error: result.error ? redact(result.error, secrets) : null,
      };
    } catch (error) {
      const permanent = error instanceof SendError && error.permanent;
      return {
        outcome: permanent ? 'permanent' : 'retry',
        status: null,
        retryAfterMs: null,
        answer: null,
        error: redact(
          error instanceof SendError ? error.message : `sending failed: ${(error as Error).message}`,
          secrets,
        ),
      };
    }
  }

  private async attempt(
    config: ChannelConfig,
    message: AlertMessage,
    deliveryId: string,
    locale: Locale,
    beforeWrite: (() => Promise<void>) | undefined,
  ): Promise<SendResult> {
    const timeout = this.env.ALERTING_SEND_TIMEOUT_MS;
    const json = { 'content-type': 'application/json' };
    let answer: HttpAnswer;
    let name: string;
    switch (config.kind) {
      case 'discord': {
        name = 'Discord';
        const url = new URL(config.url);
        url.searchParams.set('wait', 'true');
        answer = await postGuarded(
          this.guard,
          url.toString(),
          JSON.stringify(renderDiscord(message, locale)),
          json,
          timeout,
          beforeWrite,
        );
        break;
      }
      case 'slack':
        name = 'Slack';
        answer = await postGuarded(
          this.guard,
          config.url,
          JSON.stringify(renderSlack(message, locale)),
          json,
          timeout,
          beforeWrite,
        );
        break;
      case 'teams':
        name = 'Teams';
        answer = await postGuarded(
          this.guard,
          config.url,
          JSON.stringify(renderTeams(message, locale)),
          json,
          timeout,
          beforeWrite,
        );
        break;
      case 'webhook': {
        name = 'The webhook';
        const body = JSON.stringify(renderWebhook(message, locale));
        const timestamp = Math.floor(this.clock.nowMs() / 1000);
        answer = await postGuarded(
          this.guard,
          config.url,
          body,
          {
            ...json,
            // The language of the body's texts, so a receiver can tell without knowing the channel's settings.
            'content-language': locale,
            [WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [WEBHOOK_HEADERS.signature]: signWebhook(config.secret, timestamp, body),
            [WEBHOOK_HEADERS.event]: message.transition,
            [WEBHOOK_HEADERS.delivery]: deliveryId,
            [WEBHOOK_HEADERS.idempotency]: deliveryId,
          },
          timeout,
          beforeWrite,
        );
        break;
      }
      case 'telegram': {
        name = 'Telegram';
        const base = this.env.TELEGRAM_API_URL.replace(/\/+$/, '');
        const payload = renderTelegram(message, config.chat_id, locale);
        answer = await postGuarded(
          null,
          `${base}/bot${config.bot_token}/sendMessage`,
          JSON.stringify(payload),
          json,
          timeout,
          beforeWrite,
        );
        break;
      }
      case 'email':
        return this.email(config.to, message, deliveryId, locale);
    }
    const verdict = classify(answer, name);
    return { ...verdict, answer: answer.body.slice(0, ANSWER_MAX * 2) || null };
  }

  private async email(to: string[], message: AlertMessage, deliveryId: string, locale: Locale): Promise<SendResult> {
    if (!this.mailer.configured) {
      return {
        outcome: 'permanent',
        status: null,
        retryAfterMs: null,
        answer: null,
        error: 'e-mail is not configured on this platform (SMTP_URL of the alerting service); ask the operator',
      };
    }
    const mail = renderEmail(message, locale);
    try {
      const response = await this.mailer.send({
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'X-GSM-Delivery': deliveryId, 'X-GSM-Event': message.transition, 'Content-Language': locale },
      });
      return { outcome: 'sent', status: 250, retryAfterMs: null, answer: response, error: null };
    } catch (error) {
      const e = error as { responseCode?: number; code?: string; response?: string; message: string };
      const smtpPassword = safePassword(this.env.SMTP_URL ?? '');
      const said = redact(e.response ?? e.message, smtpPassword ? [smtpPassword] : []);
      const permanent = e.code === 'EAUTH' || (e.responseCode !== undefined && e.responseCode >= 500);
      return {
        outcome: permanent ? 'permanent' : 'retry',
        status: e.responseCode ?? null,
        retryAfterMs: null,
        answer: said.slice(0, ANSWER_MAX),
        error: permanent
          ? `the mail server refused the message (${e.responseCode ?? e.code}): check the recipients and the platform's SMTP settings`
          : `the mail server is not reachable or deferred the message (${e.responseCode ?? e.code ?? 'error'}); trying again`,
      };
    }
  }
}

function safePassword(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
}
