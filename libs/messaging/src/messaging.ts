import type {
  EventContract,
  PayloadOf,
  RequestContract,
  RequestOf,
  ResponseOf,
  StreamDefinition,
} from '@app/contracts';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { createInbox, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { BatchConsumer, type BatchConsumeOptions, type BatchConsumerHandle, type BatchHandler } from './batch-consumer';
import type { Handler, MessageMeta, RawMessage } from './codec';
import { connectNats, MessagingConnection, silentLogger, type MessagingLogger } from './connection';
import { DeadLetters, type DeadLetterReason } from './dead-letter';
import { subscribeFanout, type FanoutOptions } from './fanout';
import { JetStreamConsumer, type ConsumeOptions, type ConsumerHandle } from './jetstream-consumer';
import { EventPublisher, type DurablePublishResult } from './publisher';
import { RequestReply, type RequestHandler } from './request-reply';
import { StreamAdmin, type DurableConsumerSpec, type StreamPull } from './stream-admin';
import { SubjectNaming } from './subject-naming';
import { EventSubscriber } from './subscriber';

export interface MessagingOptions {
  /** NATS server URL(s), comma-separated. */
  servers: string;
  /** The service's name: connection name, producer header, default queue group and durable name. */
  service: string;
  /** Namespace of subjects and stream names (default `gsm`). */
  prefix?: string;
  /** Copies of each stream and KV bucket this client declares (default 1; 3 on a three-node cluster). */
  streamReplicas?: number;
  logger?: MessagingLogger;
}

/**
 * The platform's typed NATS client, one per service: validated publishing (core and JetStream), validated
 * subscriptions that dead-letter what they cannot parse, fan-out subscriptions, typed request-reply, idempotent
 * stream declaration, durable consumers one message or one batch at a time. A facade: each job lives in its own
 * file (publisher, subscriber, fanout, request-reply, stream-admin, jetstream-consumer, batch-consumer,
 * dead-letter), this class wires them to one connection.
 */
export class Messaging {
  readonly naming: SubjectNaming;
  readonly nc: NatsConnection;
  readonly js: JetStreamClient;
  /** Streams and durable consumers (see {@link StreamAdmin}). */
  readonly streams: StreamAdmin;
  /** The dead-letter stream's publisher (see {@link DeadLetters}). */
  readonly deadLetters: DeadLetters;
  private readonly connection: MessagingConnection;
  private readonly publisher: EventPublisher;
  private readonly subscriber: EventSubscriber;
  private readonly requests: RequestReply;
  private readonly consumers = new Set<ConsumerHandle>();

  private constructor(
    nc: NatsConnection,
    readonly service: string,
    prefix: string,
    readonly logger: MessagingLogger,
  ) {
    this.naming = new SubjectNaming(prefix);
    this.connection = new MessagingConnection(nc, service, logger);
    this.nc = nc;
    this.js = this.connection.js;
    this.streams = new StreamAdmin(this.connection, this.naming);
    this.publisher = new EventPublisher(nc, this.naming, service);
    this.deadLetters = new DeadLetters(this.streams, this.publisher, logger);
    this.subscriber = new EventSubscriber(nc, this.naming, service, this.deadLetters, logger);
    this.requests = new RequestReply(nc, this.naming, service, logger);
  }

  /** Connects (retrying while the server is briefly away) and returns a ready client. */
  static async connect(options: MessagingOptions): Promise<Messaging> {
    const nc = await connectNats(options.servers, options.service);
    const messaging = new Messaging(nc, options.service, options.prefix ?? 'gsm', options.logger ?? silentLogger);
    messaging.streamReplicas = options.streamReplicas ?? 1;
    return messaging;
  }

  get prefix(): string {
    return this.naming.prefix;
  }

  /** Copies of each stream and KV bucket declared through this client. */
  get streamReplicas(): number {
    return this.streams.replicas;
  }

  set streamReplicas(value: number) {
    this.streams.replicas = value;
  }

  /** True while connected (false when closed, draining or reconnecting). */
  isConnected(): boolean {
    return this.connection.isConnected();
  }

  /** A round trip to the NATS server; throws when not connected or no answer comes (readiness). */
  async ping(): Promise<void> {
    if (!this.isConnected()) throw new Error('not connected');
    await this.nc.flush();
  }

  /**
   * Calls `listener` after each reconnect to the NATS server (core subscriptions may have missed messages meanwhile),
   * until the connection closes.
   */
  onReconnect(listener: () => void): void {
    void (async () => {
      try {
        for await (const status of this.nc.status()) if (status.type === 'reconnect') listener();
      } catch {
        // The connection closed (shutdown): nothing more to watch.
      }
    })();
  }

  /** Watches connection status so readiness reflects reconnects. */
  watchStatus(): void {
    this.connection.watchStatus();
  }

  jsm(): Promise<JetStreamManager> {
    return this.connection.jsm();
  }

  /** Publishes on core NATS (fire and forget; fine for data a client may miss). Refuses an invalid payload. */
  publish<C extends EventContract>(contract: C, payload: PayloadOf<C>, options: { messageId?: string } = {}): string {
    return this.publisher.publish(contract, payload, options);
  }

  /**
   * Publishes on a subject a stream captures, without waiting for the stream's acknowledgement: the message id
   * still de-duplicates. For high-rate messages whose loss costs little (a poll job: the next slot comes anyway).
   */
  publishToStream<C extends EventContract>(contract: C, payload: PayloadOf<C>, options: { messageId: string }): void {
    this.publisher.publishToStream(contract, payload, options);
  }

  /**
   * Publishes into JetStream and waits for the stream's acknowledgement. The message id is the de-duplication
   * id: publishing the same id twice within the stream's window stores it once (`duplicate: true`).
   */
  publishDurable<C extends EventContract>(
    contract: C,
    payload: PayloadOf<C>,
    options: { messageId?: string; timeoutMs?: number } = {},
  ): Promise<DurablePublishResult> {
    return this.publisher.publishDurable(contract, payload, options);
  }

  /**
   * Publishes bytes as they are on any subject, with only the headers given: no contract, no span. For tests,
   * benchmarks and tools that play a foreign or broken producer; services publish through a contract.
   */
  publishRaw(
    subject: string,
    data: Uint8Array | string,
    options: { headers?: Readonly<Record<string, string>>; reply?: string } = {},
  ): void {
    this.publisher.publishRaw(subject, data, options);
  }

  /**
   * Subscribes on core NATS. Each message is parsed with the contract's schema; one that fails is dead-lettered
   * and skipped, and a handler that throws is logged: neither stops the subscription or the service.
   */
  subscribe<C extends EventContract>(
    contract: C,
    handler: Handler<PayloadOf<C>>,
    options: { queue?: string; token?: string } = {},
  ): Subscription {
    return this.subscriber.subscribe(contract, handler, options);
  }

  /** Subscribes to any subject without a contract (tests, benchmarks, tools; see {@link publishRaw}). */
  subscribeRaw(
    subject: string,
    handler: (message: RawMessage) => void,
    options: { queue?: string } = {},
  ): Subscription {
    return this.subscriber.subscribeRaw(subject, handler, options);
  }

  /** A fresh unique subject to receive replies on (`_INBOX.<random>`). */
  createInbox(): string {
    return createInbox();
  }

  /**
   * Every message of a contract to every replica, filtered by the subject's token before parsing; invalid ones are
   * dropped, not dead-lettered. See {@link subscribeFanout}.
   */
  subscribeFanout<C extends EventContract>(contract: C, options: FanoutOptions<PayloadOf<C>>): Subscription {
    return subscribeFanout(this.nc, this.naming, this.logger, contract, options);
  }

  /** Sends a typed request and validates the typed response. */
  request<C extends RequestContract>(
    contract: C,
    payload: RequestOf<C>,
    options: { timeoutMs?: number } = {},
  ): Promise<ResponseOf<C>> {
    return this.requests.request(contract, payload, options);
  }

  /**
   * Answers a request contract. Replicas share the work through the service's queue group. An invalid request
   * or a failing handler gets `{"error": "..."}` back instead of silence.
   */
  reply<C extends RequestContract>(contract: C, handler: RequestHandler<C>): Subscription {
    return this.requests.reply(contract, handler);
  }

  /** Declares a stream, or updates it to the definition when it exists (idempotent). */
  ensureStream(def: StreamDefinition): Promise<string> {
    return this.streams.ensureStream(def);
  }

  /** Declares a durable consumer of a stream (by its name); see {@link StreamAdmin.declareConsumer}. */
  declareConsumer(stream: string, spec: DurableConsumerSpec, ifExists: 'update' | 'keep' = 'update'): Promise<void> {
    return this.streams.declareConsumer(stream, spec, ifExists);
  }

  /** Deletes a durable consumer of a stream (by its name); a missing one is not an error. */
  deleteConsumer(stream: string, durable: string): Promise<void> {
    return this.streams.deleteConsumer(stream, durable);
  }

  /** Pulls a declared durable consumer's messages as they come, acknowledged by the caller (benchmarks, tools). */
  pull(stream: string, durable: string, options: { maxMessages: number; expiresMs: number }): Promise<StreamPull> {
    return this.streams.pull(stream, durable, options);
  }

  /**
   * Consumes a contract from a stream through a durable pull consumer (declared idempotently). Acks after the
   * handler succeeds; naks with backoff when it throws; dead-letters and terminates after `maxDeliver` attempts,
   * at once on a schema violation or a PermanentMessageError.
   */
  async consume<C extends EventContract>(
    contract: C,
    options: Omit<ConsumeOptions<PayloadOf<C>>, 'filterSubject'> & { token?: string },
  ): Promise<ConsumerHandle> {
    const streamName = await this.ensureStream(options.stream);
    const consumer = new JetStreamConsumer<PayloadOf<C>>(this, contract, streamName, {
      ...options,
      filterSubject: this.naming.pattern(contract, options.token),
    });
    await consumer.start();
    this.consumers.add(consumer);
    return consumer;
  }

  /**
   * Consumes every subject of a stream in batches through a durable pull consumer (made if missing, left as it is
   * when it exists); the handler acks, naks or terms each message. The owner stops it (close() does not).
   */
  async consumeBatches(
    stream: StreamDefinition,
    durable: string,
    options: BatchConsumeOptions,
    handler: BatchHandler,
  ): Promise<BatchConsumerHandle> {
    const streamName = await this.ensureStream(stream);
    const consumer = new BatchConsumer(this, streamName, durable, options, handler);
    await consumer.start();
    return consumer;
  }

  /** Publishes a dead letter (JetStream, kept for inspection). Never throws: a failure is logged. */
  deadLetter(
    subject: string,
    data: Uint8Array,
    meta: MessageMeta,
    reason: DeadLetterReason,
    error: string,
    consumer: string,
  ): Promise<void> {
    return this.deadLetters.send(subject, data, meta, reason, error, consumer);
  }

  /** Stops consumers (waiting for in-flight handlers), then drains and closes the connection. */
  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()));
    this.consumers.clear();
    try {
      await this.connection.close();
    } finally {
      this.publisher.stop();
    }
  }
}
