import {
  channelHint,
  ChannelConfigs,
  channelUrl,
  discordWebhookRefusal,
  openChannelConfig,
  sealChannelConfig,
  type ChannelConfig,
} from '@app/alerts';
import {
  Uuid,
  type ChannelChanges,
  type ChannelKind,
  type ChannelView,
  type NewChannel,
  type SavedChannelView,
} from '@app/contracts';
import { TargetGuard } from '@app/game-client';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox } from '@app/secrets';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AlertingConfig } from '../app.config';
import { RecipientsService, type RecipientView } from '../recipients/recipients.service';
import { AlertConfigFailure } from './alert-config.errors';
import { AlertChannelsRepository, type ChannelRecord, type LastDelivery } from './alert-channels.repository';
import { ConfigChanges } from './config-changes.publisher';

/** A new signing secret of a webhook channel (shown once). */
const signingSecret = (): string => `gsm_whsec_${randomBytes(24).toString('base64url')}`;

/** A channel as the REST API shows it: the settings only as their non-secret hint. */
export function channelView(
  c: ChannelRecord,
  last: LastDelivery | undefined,
  recipients?: RecipientView[],
): ChannelView {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    enabled: c.enabled,
    locale: c.locale,
    target: c.configHint,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    last_delivery: last ? { status: last.status, at: last.updatedAt.toISOString(), error: last.error } : null,
    ...(c.kind === 'email' && recipients ? { recipients } : {}),
  };
}

/** The limits a channel is checked against. */
export type ChannelLimits = Pick<AlertingConfig, 'DISCORD_WEBHOOK_EXTRA_HOSTS' | 'ALERTING_MAX_CHANNELS_PER_ORG'>;

/**
 * Notification channels: their settings are checked (shape, and a URL that may be reached), sealed with the
 * platform's key and never answered back; a webhook channel's signing secret is answered once, when it is made.
 */
@Injectable()
export class AlertChannelsService {
  constructor(
    private readonly channels: AlertChannelsRepository,
    private readonly box: SecretBox,
    private readonly guard: TargetGuard,
    private readonly changes: ConfigChanges,
    private readonly recipients: RecipientsService,
    @Inject(SERVICE_CONFIG) private readonly limits: ChannelLimits,
  ) {}

  /** The recipients of the e-mail channels among `rows`. */
  private recipientsOf(rows: readonly ChannelRecord[]): Promise<Map<string, RecipientView[]>> {
    return this.recipients.views(rows.filter((r) => r.kind === 'email').map((r) => r.id));
  }

  async list(orgId: string): Promise<ChannelView[]> {
    const rows = await this.channels.list(orgId);
    const last = await this.channels.lastDeliveries(rows.map((r) => r.id));
    const recipients = await this.recipientsOf(rows);
    return rows.map((r) => channelView(r, last.get(r.id), recipients.get(r.id) ?? []));
  }

  private async find(orgId: string, id: string): Promise<ChannelRecord> {
    const row = Uuid.safeParse(id).success ? await this.channels.find(orgId, id) : null;
    if (!row) throw AlertConfigFailure.notFound('notification channel');
    return row;
  }

  async get(orgId: string, id: string): Promise<ChannelView> {
    const row = await this.find(orgId, id);
    const last = await this.channels.lastDeliveries([id]);
    const recipients = await this.recipientsOf([row]);
    return channelView(row, last.get(id), recipients.get(id) ?? []);
  }

  /** Mails new confirmation links to the channel's recipients that have not confirmed. */
  async resend(orgId: string, id: string): Promise<{ sent: number; pending: string[] }> {
    const row = await this.find(orgId, id);
    if (row.kind !== 'email')
      throw AlertConfigFailure.invalid(
        'only e-mail channels have recipients to confirm',
        'Send this to an e-mail channel.',
        undefined,
      );
    return this.recipients.resend(row);
  }

  private async parseConfig(
    kind: ChannelKind,
    raw: Record<string, unknown>,
    secret: string | null,
  ): Promise<ChannelConfig> {
    const schema = ChannelConfigs[kind] as z.ZodType<Record<string, unknown>>;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({ field: ['config', ...i.path].join('.'), problem: i.message }));
      throw AlertConfigFailure.invalid(
        `invalid ${kind} channel settings: ${fields.map((f) => `${f.field}: ${f.problem}`).join('; ')}`,
        'Correct the named fields; GET /api/docs lists what each kind of channel needs.',
        fields,
      );
    }
    const config = { kind, ...parsed.data, ...(kind === 'webhook' ? { secret } : {}) } as ChannelConfig;
    if (config.kind === 'discord') {
      const refusal = discordWebhookRefusal(config.url, this.limits.DISCORD_WEBHOOK_EXTRA_HOSTS);
      if (refusal)
        throw AlertConfigFailure.invalid(
          `invalid discord channel settings: config.url: ${refusal}`,
          'Copy the webhook URL from Discord (Server Settings > Integrations > Webhooks); a discord channel sends to Discord only, use a webhook channel for other receivers.',
          [{ field: 'config.url', problem: refusal }],
        );
    }
    const url = channelUrl(config);
    if (url) {
      const verdict = await this.guard.check(new URL(url).hostname.replace(/^\[|\]$/g, ''));
      if (!verdict.allowed)
        throw new AlertConfigFailure(
          'TargetNotAllowed',
          `the channel's URL is not allowed: ${verdict.reason}`,
          'Use the public URL the service gave you (webhooks to private addresses are refused).',
          { field: 'config.url', reason: verdict.code },
        );
    }
    return config;
  }

  async create(orgId: string, input: NewChannel): Promise<SavedChannelView> {
    const secret = input.kind === 'webhook' ? signingSecret() : null;
    const config = await this.parseConfig(input.kind, input.config, secret);
    const id = randomUUID();
    const cap = this.limits.ALERTING_MAX_CHANNELS_PER_ORG;
    const row = await this.channels.createCapped(
      {
        id,
        orgId,
        kind: input.kind,
        name: input.name,
        enabled: input.enabled,
        locale: input.locale,
        configEnc: sealChannelConfig(this.box, id, config),
        configHint: channelHint(config),
      },
      cap,
    );
    if (!row)
      throw new AlertConfigFailure(
        'Conflict',
        `the organisation has ${cap} notification channels, the most it may have`,
        'Delete a channel you no longer use, or reuse one (a rule may send to any channel of the organisation).',
        { limit: cap, resource: 'notification_channels' },
      );
    this.changes.announce(orgId, null, 'channels');
    if (config.kind === 'email') await this.recipients.sync(orgId, { id, name: row.name, adopt: false }, config.to);
    const recipients = await this.recipientsOf([row]);
    return { ...channelView(row, undefined, recipients.get(id) ?? []), ...(secret ? { signing_secret: secret } : {}) };
  }

  /** `enableAllowed`: whether the plan allows switching the channel on (checked after its settings). */
  async update(orgId: string, id: string, input: ChannelChanges, enableAllowed: boolean): Promise<SavedChannelView> {
    const row = await this.find(orgId, id);
    let sealed: { configEnc: Uint8Array; configHint: string } | undefined;
    let secret: string | null = null;
    let addresses: { now: string[]; before: string[] } | undefined;
    if (input.config !== undefined || input.rotate_secret) {
      if (input.rotate_secret && row.kind !== 'webhook')
        throw AlertConfigFailure.invalid(
          'rotate_secret applies to webhook channels only',
          'Leave rotate_secret out for this kind of channel.',
          undefined,
        );
      const previous = openChannelConfig(this.box, id, row.kind, row.configEnc) as Record<string, unknown>;
      secret = row.kind === 'webhook' ? (input.rotate_secret ? signingSecret() : (previous.secret as string)) : null;
      const raw =
        input.config ?? Object.fromEntries(Object.entries(previous).filter(([k]) => k !== 'secret' && k !== 'kind'));
      const config = await this.parseConfig(row.kind, raw, secret);
      sealed = { configEnc: sealChannelConfig(this.box, id, config), configHint: channelHint(config) };
      if (config.kind === 'email') addresses = { now: config.to, before: (previous.to as string[] | undefined) ?? [] };
    }
    if (input.enabled === true && !enableAllowed)
      throw new AlertConfigFailure('PlanLimitReached', `${row.kind} alerts are not part of the plan`);
    const updated = await this.channels.update(id, {
      name: input.name,
      enabled: input.enabled,
      locale: input.locale,
      ...sealed,
    });
    this.changes.announce(orgId, null, 'channels');
    if (addresses)
      await this.recipients.sync(
        orgId,
        { id, name: updated.name, adopt: row.recipientsAdopt === true },
        addresses.now,
        addresses.before,
      );
    const last = await this.channels.lastDeliveries([id]);
    const recipients = await this.recipientsOf([updated]);
    return {
      ...channelView(updated, last.get(id), recipients.get(id) ?? []),
      ...(input.rotate_secret && secret ? { signing_secret: secret } : {}),
    };
  }

  async delete(orgId: string, id: string): Promise<{ kind: ChannelKind; name: string }> {
    const row = await this.find(orgId, id);
    await this.channels.delete(id);
    this.changes.announce(orgId, null, 'channels');
    return { kind: row.kind, name: row.name };
  }
}
