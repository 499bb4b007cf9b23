import {
  CATALOGUES,
  openChannelConfig,
  sayMessage,
  type AlertMessage,
  type ChannelConfig,
  type MessageWords,
} from '@app/alerts';
import { Requests, Uuid, type ChannelTestResult } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { SecretBox } from '@app/secrets';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AlertingConfig } from '../app.config';
import { AlertChannelsRepository } from '../config/alert-channels.repository';
import { RecipientsService } from '../recipients/recipients.service';
import { ChannelSender } from './channel-sender';
import { unconfirmedText } from './delivery.service';

/** Answers the api-gateway's "send a test message to this channel" with what the receiver said. */
@Injectable()
export class ChannelTestService implements OnApplicationBootstrap {
  constructor(
    private readonly messaging: Messaging,
    private readonly channels: AlertChannelsRepository,
    private readonly sender: ChannelSender,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly env: AlertingConfig,
    private readonly recipients: RecipientsService,
  ) {}

  onApplicationBootstrap(): void {
    this.messaging.reply(Requests.channelTest, ({ orgId, channelId }) => this.test(orgId, channelId));
  }

  async test(orgId: string, channelId: string): Promise<ChannelTestResult> {
    const channel = Uuid.safeParse(channelId).success ? await this.channels.find(orgId, channelId) : null;
    if (!channel) return failed('the channel does not exist (deleted?)');
    let config: ChannelConfig;
    try {
      config = openChannelConfig(this.box, channel.id, channel.kind, channel.configEnc);
    } catch {
      return failed('the channel settings could not be decrypted; save the channel again');
    }
    let unconfirmed: string[] = [];
    if (config.kind === 'email') {
      const split = await this.recipients.deliverable(channel.orgId, channel.id, config.to);
      unconfirmed = split.pending;
      if (split.confirmed.length === 0) return failed(unconfirmedText(unconfirmed, true));
      config = { ...config, to: split.confirmed };
    }
    const message = testMessage(channel.name, this.clock.now(), this.env.PUBLIC_URL);
    const started = performance.now();
    const result = await this.sender.send(config, message, randomUUID(), channel.locale);
    return {
      delivered: result.outcome === 'sent',
      receiverStatus: result.status,
      receiverAnswer: unconfirmed.length
        ? `${unconfirmedText(unconfirmed, false)}; ${result.answer ?? ''}`.slice(0, 500)
        : result.answer,
      durationMs: Math.round(performance.now() - started),
      error: result.error,
    };
  }
}

/** What a test sends: how an alert looks, in the channel's language (the words are said when it is rendered). */
function testMessage(channelName: string, now: Date, url: string | null): AlertMessage {
  const words: MessageWords = {
    title: { key: 'test' },
    summary: { key: 'test', channel: channelName },
    fields: [{ name: 'channel', value: { key: 'text', text: channelName }, inline: true }],
    instance: null,
    rule: null,
  };
  const english = sayMessage(words, CATALOGUES.en);
  return {
    transition: 'test',
    severity: 'info',
    ruleKind: 'test',
    ruleName: english.ruleName,
    incidentId: randomUUID(),
    server: { id: '00000000-0000-0000-0000-000000000000', name: CATALOGUES.en.phrases.testServer },
    instance: null,
    title: english.title,
    summary: english.summary,
    startedAt: now,
    at: now,
    durationSeconds: null,
    fields: english.fields,
    url,
    words,
  };
}

function failed(error: string): ChannelTestResult {
  return { delivered: false, receiverStatus: null, receiverAnswer: null, durationMs: 0, error };
}
