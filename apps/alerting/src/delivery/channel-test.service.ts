import { openChannelConfig, type AlertMessage, type ChannelConfig } from '@app/alerts';
import { Requests, Uuid, type ChannelTestResult } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { SecretBox } from '@app/secrets';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AlertingConfig } from '../app.config';
import { AlertChannelsRepository } from '../config/alert-channels.repository';
import { ChannelSender } from './channel-sender';

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
    const now = this.clock.now();
    const message: AlertMessage = {
      transition: 'test',
      severity: 'info',
      ruleKind: 'test',
      ruleName: 'Test message',
      incidentId: randomUUID(),
      server: { id: '00000000-0000-0000-0000-000000000000', name: 'Satisfactory monitoring' },
      instance: null,
      title: 'Test message',
      summary: `This is a test of the "${channel.name}" channel. When a rule fires, alerts will look like this.`,
      startedAt: now,
      at: now,
      durationSeconds: null,
      fields: [{ name: 'Channel', value: channel.name, inline: true }],
      url: this.env.PUBLIC_URL,
    };
    const started = performance.now();
    const result = await this.sender.send(config, message, randomUUID());
    return {
      delivered: result.outcome === 'sent',
      receiverStatus: result.status,
      receiverAnswer: result.answer,
      durationMs: Math.round(performance.now() - started),
      error: result.error,
    };
  }
}

function failed(error: string): ChannelTestResult {
  return { delivered: false, receiverStatus: null, receiverAnswer: null, durationMs: 0, error };
}
