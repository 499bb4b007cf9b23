import type { EventContract, PayloadOf } from '@app/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { AckedPublisher } from './acked-publisher';
import { encodePayload, headersOf, messageHeaders } from './codec';
import { uuidv7 } from './message-id';
import type { SubjectNaming } from './subject-naming';
import { endSpan, messagingTracingEnabled, startProducerSpan } from './tracing';

/** What a durable publish got back from the stream. */
export interface DurablePublishResult {
  messageId: string;
  seq: number;
  duplicate: boolean;
}

/**
 * The three ways the platform publishes an event, each refusing a payload that does not match its contract and
 * each in a PRODUCER span while tracing is on: core NATS, into a stream without waiting, into a stream waiting for
 * its acknowledgement.
 */
export class EventPublisher {
  private acked: AckedPublisher | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly naming: SubjectNaming,
    private readonly service: string,
  ) {}

  /** Publishes on core NATS (fire and forget) and returns the message id. */
  publish<C extends EventContract>(contract: C, payload: PayloadOf<C>, options: { messageId?: string } = {}): string {
    const { subject, data } = encodePayload(this.naming, contract, payload);
    const messageId = options.messageId ?? uuidv7();
    this.send(contract, subject, data, messageId);
    return messageId;
  }

  /** Publishes on a subject a stream captures without waiting for the stream's acknowledgement. */
  publishToStream<C extends EventContract>(contract: C, payload: PayloadOf<C>, options: { messageId: string }): void {
    const { subject, data } = encodePayload(this.naming, contract, payload);
    this.send(contract, subject, data, options.messageId);
  }

  /** Publishes into JetStream and waits for the stream's acknowledgement. */
  async publishDurable<C extends EventContract>(
    contract: C,
    payload: PayloadOf<C>,
    options: { messageId?: string; timeoutMs?: number } = {},
  ): Promise<DurablePublishResult> {
    const { subject, data } = encodePayload(this.naming, contract, payload);
    const messageId = options.messageId ?? uuidv7();
    this.acked ??= new AckedPublisher(this.nc);
    const headers = messageHeaders(messageId, this.service);
    const timeoutMs = options.timeoutMs ?? 5000;
    if (!messagingTracingEnabled()) {
      const ack = await this.acked.publish(subject, data, headers, timeoutMs);
      return { messageId, seq: ack.seq, duplicate: ack.duplicate };
    }
    const template = this.naming.base(contract.subject);
    const span = startProducerSpan('publish', { subject, template, messageId }, headers);
    try {
      const ack = await this.acked.publish(subject, data, headers, timeoutMs);
      if (ack.duplicate) span?.setAttribute('messaging.nats.duplicate', true);
      endSpan(span);
      return { messageId, seq: ack.seq, duplicate: ack.duplicate };
    } catch (error) {
      endSpan(span, error);
      throw error;
    }
  }

  /** Publishes bytes as they are, on any subject: no contract, no span, only the headers given. */
  publishRaw(
    subject: string,
    data: Uint8Array | string,
    options: { headers?: Readonly<Record<string, string>>; reply?: string } = {},
  ): void {
    this.nc.publish(subject, data, { headers: headersOf(options.headers), reply: options.reply });
  }

  /** Core publish, in a PRODUCER span while tracing is on. */
  private send(contract: EventContract, subject: string, data: Uint8Array, messageId: string): void {
    const headers = messageHeaders(messageId, this.service);
    if (!messagingTracingEnabled()) {
      this.nc.publish(subject, data, { headers });
      return;
    }
    const template = this.naming.base(contract.subject);
    const span = startProducerSpan('publish', { subject, template, messageId }, headers);
    try {
      this.nc.publish(subject, data, { headers });
      endSpan(span);
    } catch (error) {
      endSpan(span, error);
      throw error;
    }
  }

  /** Fails the durable publishes still waiting and stops listening for acknowledgements. */
  stop(): void {
    this.acked?.stop();
  }
}
