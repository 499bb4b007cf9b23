import type { EventContract, StreamDefinition } from '@app/contracts';
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { Span } from '@opentelemetry/api';
import { parseMessage, readMeta, type Handler, type MessageMeta } from './codec';
import type { MessagingLogger } from './connection';
import type { DeadLetters } from './dead-letter';
import { PermanentMessageError, RetryLaterError } from './errors';
import { PullWatchdog } from './pull-watchdog';
import type { StreamAdmin } from './stream-admin';
import type { SubjectNaming } from './subject-naming';
import { failSpan, handleMessage, type ConsumerSpanInfo } from './tracing';

export interface ConsumeOptions<T> {
  /** The stream to read from (declared if missing). */
  stream: StreamDefinition;
  /** Durable consumer name; by convention the consuming service's name (plus a purpose when it has several). */
  durable: string;
  handler: Handler<T>;
  filterSubject: string;
  /** Attempts before a message is dead-lettered (default 5). */
  maxDeliver?: number;
  /** Delay before each redelivery after a failure, by attempt; the last value repeats (default 1 s, 5 s, 15 s, 30 s). */
  backoffMs?: readonly number[];
  /** How long the server waits for an ack before redelivering (default 30 s). */
  ackWaitMs?: number;
  /** Messages handled at once by this replica (default 1). */
  concurrency?: number;
  /** On stop, how long to wait for in-flight handlers before leaving their messages to redelivery (default 10 s). */
  drainTimeoutMs?: number;
}

/** A running consumer; `stop()` stops pulling and waits for in-flight handlers. */
export interface ConsumerHandle {
  readonly name: string;
  stop(): Promise<void>;
}

/** What a consumer needs of the client it belongs to. */
export interface ConsumerContext {
  readonly naming: SubjectNaming;
  readonly logger: MessagingLogger;
  readonly streams: StreamAdmin;
  readonly deadLetters: DeadLetters;
}

const DEFAULT_BACKOFF = [1000, 5000, 15000, 30000] as const;

/** One durable pull consumer with bounded concurrency, retries with backoff and a dead-letter path. */
export class JetStreamConsumer<T> implements ConsumerHandle {
  private messages: ConsumerMessages | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  /** Resolves the pull loop's wait for a free handler slot. */
  private slotFreed: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private readonly spanInfo: ConsumerSpanInfo;

  constructor(
    private readonly messaging: ConsumerContext,
    private readonly contract: EventContract,
    private readonly streamName: string,
    private readonly options: ConsumeOptions<T>,
  ) {
    this.spanInfo = { template: messaging.naming.base(contract.subject), operation: 'process', group: options.durable };
  }

  get name(): string {
    return `${this.streamName}/${this.options.durable}`;
  }

  private get maxDeliver(): number {
    return this.options.maxDeliver ?? 5;
  }

  /** Declares the durable consumer and starts pulling; it keeps pulling until stop(), across NATS outages. */
  async start(): Promise<void> {
    await this.declare();
    this.messages = await this.open();
    this.loop = this.keepConsuming(this.messages);
  }

  private async declare(): Promise<void> {
    await this.messaging.streams.declareConsumer(this.streamName, {
      durable: this.options.durable,
      startAt: 'all',
      filterSubject: this.options.filterSubject,
      ackWaitMs: this.options.ackWaitMs ?? 30_000,
      // The client dead-letters at maxDeliver; the server's limit is a safety net one above it.
      maxDeliver: this.maxDeliver + 1,
    });
  }

  private open(): Promise<ConsumerMessages> {
    // Pull no more than we can handle, so other replicas get the rest of a work queue. Short-lived pull requests:
    // a replica that dies leaves its request behind, and the server keeps handing it messages until it expires.
    return this.messaging.streams.openMessages(this.streamName, this.options.durable, {
      maxMessages: this.concurrency,
      expiresMs: 5000,
    });
  }

  private get concurrency(): number {
    return Math.max(1, this.options.concurrency ?? 1);
  }

  /**
   * Runs the pull loop; if it ends or fails while we are not stopping (a NATS outage outlived the client's own
   * recovery, the consumer was removed, or the pull stalled: its request was lost with a NATS node that led the
   * consumer), it declares the consumer again and resumes after a short pause with a new pull.
   */
  private async keepConsuming(first: ConsumerMessages): Promise<void> {
    let messages: ConsumerMessages | undefined = first;
    while (!this.stopping) {
      try {
        messages ??= this.messages = await this.open();
        if (this.stopping) {
          await messages.close(); // stop() ran while we were reopening
          break;
        }
        const stalled = await this.run(messages);
        if (stalled) this.messaging.logger.warn(`consumer ${this.name} stalled (${stalled}); pulling anew`);
      } catch (error) {
        this.messaging.logger.warn(`consumer ${this.name} interrupted: ${(error as Error).message}; resuming`);
      }
      messages = undefined;
      if (this.stopping) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
      await this.declare().catch(() => undefined);
    }
  }

  /** Handles the pull's messages until it ends; resolves with why it stalled, if it did. */
  private async run(messages: ConsumerMessages): Promise<string | undefined> {
    let stalled: string | undefined;
    const watchdog = new PullWatchdog(messages, (reason) => {
      stalled = reason;
      void messages.close().catch(() => undefined);
    });
    try {
      await this.each(messages, watchdog);
    } finally {
      watchdog.stop();
    }
    return stalled;
  }

  private async each(messages: ConsumerMessages, watchdog: PullWatchdog): Promise<void> {
    for await (const msg of messages) {
      watchdog.alive();
      if (this.stopping) {
        msg.nak();
        continue;
      }
      const task = this.handle(msg).finally(() => {
        this.inFlight.delete(task);
        const wake = this.slotFreed;
        this.slotFreed = undefined;
        wake?.();
      });
      this.inFlight.add(task);
      // At capacity, wait for one handler to finish (a Promise.race over every handler in flight would register a
      // reaction on each of them per message: quadratic work exactly when the replica is busiest).
      if (this.inFlight.size >= this.concurrency) {
        watchdog.setBusy(true);
        await new Promise<void>((resolve) => (this.slotFreed = resolve));
        watchdog.setBusy(false);
      }
    }
  }

  // Each delivery runs in its own CONSUMER span (tracing on) and with the message's id in its log lines.
  private handle(msg: JsMsg): Promise<void> {
    const meta = readMeta(msg, msg.info.deliveryCount);
    return handleMessage(msg, meta.messageId, this.spanInfo, (span) => this.process(msg, meta, span));
  }

  // term() is sent without a reason: servers before 2.10 ignore "+TERM <reason>", which would leave the message
  // pending and redeliver it after ack_wait.
  private async process(msg: JsMsg, meta: MessageMeta, span: Span | undefined): Promise<void> {
    const consumerName = this.options.durable;
    span?.setAttribute('messaging.nats.delivery_count', meta.deliveryCount);
    const parsed = parseMessage(this.contract, msg.data);
    if (!parsed.ok) {
      failSpan(span, new Error(`schema violation: ${parsed.error}`));
      await this.messaging.deadLetters.send(
        msg.subject,
        msg.data,
        meta,
        'schema_violation',
        parsed.error,
        consumerName,
      );
      msg.term();
      return;
    }
    try {
      await this.options.handler(parsed.value as T, meta);
      msg.ack();
    } catch (error) {
      const message = (error as Error).message;
      if (error instanceof RetryLaterError) {
        span?.addEvent('retry later', { 'gsm.retry_delay_ms': error.delayMs });
        msg.nak(Math.max(0, Math.round(error.delayMs)));
        return;
      }
      failSpan(span, error);
      if (error instanceof PermanentMessageError) {
        await this.messaging.deadLetters.send(msg.subject, msg.data, meta, 'handler_rejected', message, consumerName);
        msg.term();
      } else if (meta.deliveryCount >= this.maxDeliver) {
        await this.messaging.deadLetters.send(msg.subject, msg.data, meta, 'retries_exhausted', message, consumerName);
        msg.term();
      } else {
        const backoff = this.options.backoffMs ?? DEFAULT_BACKOFF;
        const delay = backoff[Math.min(meta.deliveryCount - 1, backoff.length - 1)] ?? 1000;
        this.messaging.logger.warn(
          `retrying ${msg.subject} in ${delay} ms (attempt ${meta.deliveryCount}): ${message}`,
        );
        msg.nak(delay);
      }
    }
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    await this.messages?.close();
    await this.loop?.catch(() => undefined);
    // Unacked messages of handlers still running at the deadline are redelivered by the server after ack_wait.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, this.options.drainTimeoutMs ?? 10_000);
      }),
    ]);
    clearTimeout(timer);
  }
}
