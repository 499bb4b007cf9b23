import type {
  EventContract,
  PayloadOf,
  RequestContract,
  RequestOf,
  ResponseOf,
  StreamDefinition,
} from '@app/contracts';
import { Streams, Subjects } from '@app/contracts';
import {
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import {
  connect,
  headers as natsHeaders,
  NoRespondersError,
  TimeoutError,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import { ContractViolationError, RequestFailedError } from './errors';
import { uuidv7 } from './message-id';
import { SubjectNaming } from './subject-naming';
import { AckedPublisher } from './acked-publisher';
import { JetStreamConsumer, type ConsumeOptions, type ConsumerHandle } from './jetstream-consumer';
import {
  endSpan,
  failSpan,
  handleMessage,
  messagingTracingEnabled,
  startProducerSpan,
  type ConsumerSpanInfo,
} from './tracing';

/** Headers the platform sets on every message. `Nats-Msg-Id` is JetStream's de-duplication id. */
export const MessageHeaders = {
  id: 'Nats-Msg-Id',
  producer: 'Gsm-Producer',
} as const;

/** Where log lines go; a Nest Logger or pino instance fits. */
export interface MessagingLogger {
  log(message: string, context?: unknown): void;
  warn(message: string, context?: unknown): void;
  error(message: string, context?: unknown): void;
}

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

/** Metadata of a received message. */
export interface MessageMeta {
  subject: string;
  messageId: string | null;
  producer: string | null;
  /** JetStream only: how many times this message has been delivered (1 on first delivery). */
  deliveryCount: number;
}

export type Handler<T> = (payload: T, meta: MessageMeta) => void | Promise<void>;

const silentLogger: MessagingLogger = { log() {}, warn() {}, error() {} };
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Reads the platform's headers from a message. */
export function readMeta(msg: { subject: string; headers?: MsgHdrs }, deliveryCount = 1): MessageMeta {
  return {
    subject: msg.subject,
    messageId: msg.headers?.get(MessageHeaders.id) || null,
    producer: msg.headers?.get(MessageHeaders.producer) || null,
    deliveryCount,
  };
}

/** Formats zod issues in one line, without values (they may hold secrets). */
export function describeIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  return error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
}

/**
 * The platform's typed NATS client: validated publishing (core and JetStream), validated subscriptions that
 * dead-letter what they cannot parse, typed request-reply, idempotent stream declaration and durable consumers.
 */
export class Messaging {
  readonly naming: SubjectNaming;
  readonly js: JetStreamClient;
  private readonly consumers = new Set<ConsumerHandle>();
  private acked: AckedPublisher | undefined;
  private readonly subscriptions = new Set<Subscription>();
  private jsmPromise: Promise<JetStreamManager> | undefined;
  private deadLetterStreamReady: Promise<string> | undefined;
  /** Copies of each stream and KV bucket declared through this client. */
  streamReplicas = 1;

  private constructor(
    readonly nc: NatsConnection,
    readonly service: string,
    prefix: string,
    readonly logger: MessagingLogger,
  ) {
    this.naming = new SubjectNaming(prefix);
    this.js = jetstream(nc);
  }

  /** Connects (retrying while the server is briefly away) and returns a ready client. */
  static async connect(options: MessagingOptions): Promise<Messaging> {
    const servers = options.servers.split(',').map((s) => s.trim());
    let nc: NatsConnection;
    try {
      nc = await connect({ servers, name: options.service, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
    } catch (error) {
      const where = servers.map((s) => s.replace(/\/\/[^@/]*@/, '//')).join(', ');
      throw new Error(
        `cannot reach NATS at ${where} (${(error as Error).message}): check NATS_URL and that nats-server runs with JetStream (-js)`,
        { cause: error },
      );
    }
    const messaging = new Messaging(nc, options.service, options.prefix ?? 'gsm', options.logger ?? silentLogger);
    messaging.streamReplicas = options.streamReplicas ?? 1;
    return messaging;
  }

  get prefix(): string {
    return this.naming.prefix;
  }

  /** True while connected (false when closed, draining or reconnecting). */
  isConnected(): boolean {
    return !this.nc.isClosed() && !this.nc.isDraining() && !this.reconnecting;
  }
  private reconnecting = false;

  /** Watches connection status so readiness reflects reconnects. */
  watchStatus(): void {
    void (async () => {
      for await (const s of this.nc.status()) {
        if (s.type === 'disconnect' || s.type === 'reconnecting') this.reconnecting = true;
        if (s.type === 'reconnect') this.reconnecting = false;
        if (s.type === 'disconnect' || s.type === 'reconnect')
          this.logger.warn(`nats ${s.type}`, { service: this.service });
      }
    })().catch(() => undefined);
  }

  jsm(): Promise<JetStreamManager> {
    this.jsmPromise ??= jetstreamManager(this.nc);
    return this.jsmPromise;
  }

  private encode<C extends EventContract>(contract: C, payload: unknown): { subject: string; data: Uint8Array } {
    const parsed = contract.schema.safeParse(payload);
    if (!parsed.success) throw new ContractViolationError(contract.subject, describeIssues(parsed.error));
    return {
      subject: this.naming.forPayload(contract, parsed.data),
      data: encoder.encode(JSON.stringify(parsed.data)),
    };
  }

  private headers(messageId: string): MsgHdrs {
    const h = natsHeaders();
    h.set(MessageHeaders.id, messageId);
    h.set(MessageHeaders.producer, this.service);
    return h;
  }

  /** Publishes on core NATS (fire and forget; fine for data a client may miss). Refuses an invalid payload. */
  publish<C extends EventContract>(contract: C, payload: PayloadOf<C>, options: { messageId?: string } = {}): string {
    const { subject, data } = this.encode(contract, payload);
    const messageId = options.messageId ?? uuidv7();
    this.send(contract, subject, data, messageId);
    return messageId;
  }

  /** Core publish, in a PRODUCER span while tracing is on. */
  private send(contract: EventContract, subject: string, data: Uint8Array, messageId: string): void {
    const headers = this.headers(messageId);
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

  /**
   * Publishes on a subject a stream captures, without waiting for the stream's acknowledgement: the message id
   * still de-duplicates. For high-rate messages whose loss costs little (a poll job: the next slot comes anyway).
   */
  publishToStream<C extends EventContract>(contract: C, payload: PayloadOf<C>, options: { messageId: string }): void {
    const { subject, data } = this.encode(contract, payload);
    this.send(contract, subject, data, options.messageId);
  }

  /**
   * Publishes into JetStream and waits for the stream's acknowledgement. The message id is the de-duplication
   * id: publishing the same id twice within the stream's window stores it once (`duplicate: true`).
   */
  async publishDurable<C extends EventContract>(
    contract: C,
    payload: PayloadOf<C>,
    options: { messageId?: string; timeoutMs?: number } = {},
  ): Promise<{ messageId: string; seq: number; duplicate: boolean }> {
    const { subject, data } = this.encode(contract, payload);
    const messageId = options.messageId ?? uuidv7();
    this.acked ??= new AckedPublisher(this.nc);
    const headers = this.headers(messageId);
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

  /**
   * Subscribes on core NATS. Each message is parsed with the contract's schema; one that fails is dead-lettered
   * and skipped, and a handler that throws is logged: neither stops the subscription or the service.
   */
  subscribe<C extends EventContract>(
    contract: C,
    handler: Handler<PayloadOf<C>>,
    options: { queue?: string; token?: string } = {},
  ): Subscription {
    const info: ConsumerSpanInfo = {
      template: this.naming.base(contract.subject),
      operation: 'process',
      group: options.queue,
    };
    const sub = this.nc.subscribe(this.naming.pattern(contract, options.token), {
      queue: options.queue,
      callback: (err, msg) => {
        if (err) {
          this.logger.error(`subscription error: ${err.message}`, { subject: contract.subject });
          return;
        }
        void this.dispatch(contract, msg, handler, info);
      },
    });
    this.subscriptions.add(sub);
    return sub;
  }

  private async dispatch<C extends EventContract>(
    contract: C,
    msg: Msg,
    handler: Handler<PayloadOf<C>>,
    info: ConsumerSpanInfo,
  ): Promise<void> {
    const meta = readMeta(msg);
    await handleMessage(msg, meta.messageId, info, async (span) => {
      const parsed = parseMessage(contract, msg.data);
      if (!parsed.ok) {
        failSpan(span, new Error(`schema violation: ${parsed.error}`));
        await this.deadLetter(msg.subject, msg.data, meta, 'schema_violation', parsed.error, this.service);
        return;
      }
      try {
        await handler(parsed.value as PayloadOf<C>, meta);
      } catch (error) {
        failSpan(span, error);
        this.logger.error(`handler failed for ${msg.subject}: ${(error as Error).message}`);
      }
    });
  }

  /** Sends a typed request and validates the typed response. */
  async request<C extends RequestContract>(
    contract: C,
    payload: RequestOf<C>,
    options: { timeoutMs?: number } = {},
  ): Promise<ResponseOf<C>> {
    const subject = this.naming.base(contract.subject);
    const parsed = contract.request.safeParse(payload);
    if (!parsed.success) throw new ContractViolationError(contract.subject, describeIssues(parsed.error));
    const messageId = uuidv7();
    const headers = this.headers(messageId);
    const span = messagingTracingEnabled()
      ? startProducerSpan('request', { subject, template: subject, messageId }, headers)
      : undefined;
    try {
      const result = await this.ask(contract, subject, parsed.data, headers, options.timeoutMs ?? 3000);
      endSpan(span);
      return result;
    } catch (error) {
      endSpan(span, error);
      throw error;
    }
  }

  private async ask<C extends RequestContract>(
    contract: C,
    subject: string,
    request: unknown,
    headers: MsgHdrs,
    timeoutMs: number,
  ): Promise<ResponseOf<C>> {
    let reply: Msg;
    try {
      reply = await this.nc.request(subject, encoder.encode(JSON.stringify(request)), { timeout: timeoutMs, headers });
    } catch (error) {
      if (error instanceof NoRespondersError || (error as Error).cause instanceof NoRespondersError) {
        throw new RequestFailedError(contract.subject, 'no_responders', 'no service answers this subject');
      }
      if (error instanceof TimeoutError || (error as Error).cause instanceof TimeoutError) {
        throw new RequestFailedError(contract.subject, 'timeout', `no answer within ${timeoutMs} ms`);
      }
      throw error;
    }
    const body = safeJson(reply.data);
    if (body && typeof body === 'object' && 'error' in body && Object.keys(body).length === 1) {
      throw new RequestFailedError(contract.subject, 'remote_error', String((body as { error: unknown }).error));
    }
    const response = contract.response.safeParse(body);
    if (!response.success) {
      throw new RequestFailedError(contract.subject, 'invalid_response', describeIssues(response.error));
    }
    return response.data as ResponseOf<C>;
  }

  /**
   * Answers a request contract. Replicas share the work through the service's queue group. An invalid request
   * or a failing handler gets `{"error": "..."}` back instead of silence.
   */
  reply<C extends RequestContract>(
    contract: C,
    handler: (request: RequestOf<C>, meta: MessageMeta) => Promise<ResponseOf<C>> | ResponseOf<C>,
  ): Subscription {
    const subject = this.naming.base(contract.subject);
    const info: ConsumerSpanInfo = { template: subject, operation: 'reply', group: this.service };
    const sub = this.nc.subscribe(subject, {
      queue: this.service,
      callback: (err, msg) => {
        if (err) return;
        const meta = readMeta(msg);
        void handleMessage(msg, meta.messageId, info, async (span) => {
          const parsed = contract.request.safeParse(safeJson(msg.data));
          if (!parsed.success) {
            failSpan(span, new Error('invalid request'));
            msg.respond(encoder.encode(JSON.stringify({ error: `invalid request: ${describeIssues(parsed.error)}` })));
            return;
          }
          try {
            const result = contract.response.parse(await handler(parsed.data as RequestOf<C>, meta));
            msg.respond(encoder.encode(JSON.stringify(result)));
          } catch (error) {
            failSpan(span, error);
            this.logger.error(`request handler failed for ${contract.subject}: ${(error as Error).message}`);
            msg.respond(encoder.encode(JSON.stringify({ error: 'the service could not answer; try again' })));
          }
        });
      },
    });
    this.subscriptions.add(sub);
    return sub;
  }

  /** Declares a stream, or updates it to the definition when it exists (idempotent). */
  async ensureStream(def: StreamDefinition): Promise<string> {
    const jsm = await this.jsm();
    const name = this.naming.stream(def);
    const config = {
      name,
      subjects: this.naming.streamSubjects(def),
      retention: def.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: def.maxAgeSeconds * 1_000_000_000,
      duplicate_window: def.duplicateWindowSeconds * 1_000_000_000,
      num_replicas: this.streamReplicas,
    };
    try {
      const info = await jsm.streams.info(name);
      const same =
        info.config.subjects?.join(',') === config.subjects.join(',') &&
        info.config.max_age === config.max_age &&
        info.config.duplicate_window === config.duplicate_window &&
        info.config.num_replicas === config.num_replicas;
      if (!same) await jsm.streams.update(name, config);
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
      await jsm.streams.add(config);
    }
    return name;
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

  /** Publishes a dead letter (JetStream, kept for inspection). Never throws: a failure is logged. */
  async deadLetter(
    subject: string,
    data: Uint8Array,
    meta: MessageMeta,
    reason: 'schema_violation' | 'retries_exhausted' | 'handler_rejected',
    error: string,
    consumer: string,
  ): Promise<void> {
    this.logger.warn(`dead-lettering a message from ${subject} (${reason}): ${error}`);
    try {
      this.deadLetterStreamReady ??= this.ensureStream(deadLetterStream).catch((error: unknown) => {
        this.deadLetterStreamReady = undefined;
        throw error;
      });
      await this.deadLetterStreamReady;
      await this.publishDurable(Subjects.deadLetter, {
        originalSubject: subject,
        consumer,
        reason,
        error: error.slice(0, 2000),
        payload: decoder.decode(data.subarray(0, 65536)),
        deliveryCount: meta.deliveryCount,
        messageId: meta.messageId,
        deadLetteredAt: new Date().toISOString(),
      });
    } catch (failure) {
      this.logger.error(`could not dead-letter a message from ${subject}: ${(failure as Error).message}`);
    }
  }

  /** Stops consumers (waiting for in-flight handlers), then drains and closes the connection. */
  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()));
    this.consumers.clear();
    try {
      if (this.nc.isClosed()) return;
      await this.nc.drain();
    } catch {
      await this.nc.close();
    } finally {
      this.acked?.stop();
    }
  }
}

const deadLetterStream: StreamDefinition = Streams.deadLetters;

/** Decodes JSON, or returns undefined. */
export function safeJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(data));
  } catch {
    return undefined;
  }
}

/** Parses a message body against a contract. */
export function parseMessage(
  contract: EventContract,
  data: Uint8Array,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const json = safeJson(data);
  if (json === undefined) return { ok: false, error: 'body is not JSON' };
  const parsed = contract.schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: describeIssues(parsed.error) };
}
