import type { EventContract } from '@app/contracts';
import type { ConsumerMessages } from '@nats-io/jetstream';
import type { ConsumerContext } from './jetstream-consumer';
import { PullWatchdog } from './pull-watchdog';
import { StreamMessage } from './stream-message';
import { handleBatch, type ConsumerSpanInfo } from './tracing';

/** How a batch consumer gathers messages; see {@link BatchConsumer}. */
export interface BatchConsumeOptions {
  /** Messages per batch at most: a full batch runs at once. */
  maxBatch: number;
  /** How long the first message of a batch waits for more before the batch runs anyway. */
  maxWaitMs: number;
  /** Messages pulled ahead of the handler (default twice `maxBatch`). */
  pullSize?: number;
  /**
   * Where a consumer that does not exist yet starts (default `new`: a first start must not replay a day of old
   * messages). One that exists is left as it is.
   */
  startAt?: 'all' | 'new';
  /** How long the server waits for an acknowledgement before delivering again (set when the consumer is made). */
  ackWaitMs?: number;
  /** Messages delivered and not yet acknowledged, at most (set when the consumer is made). */
  maxAckPending?: number;
  /** The contract whose subject names each batch's CONSUMER span while tracing is on. */
  traceAs: EventContract;
  /**
   * Called once when pulling ends although `stop()` was not called (a NATS outage outlived the client's own
   * recovery): the owner decides whether and how to start again. A pull that stalls (its request lost with the
   * NATS node that led the consumer, the consumer reported missing) is not an end: the consumer opens a new one.
   */
  onEnd?: () => void;
}

/**
 * Handles one batch. The handler owns the acknowledgements: it acks, naks or terms every message of the batch
 * (nothing is acknowledged for it). Batches run one after the other, never two at once.
 */
export type BatchHandler = (batch: readonly StreamMessage[]) => Promise<void>;

/** A running batch consumer. */
export interface BatchConsumerHandle {
  readonly name: string;
  /** Runs the messages gathered so far as a batch now; resolves when every batch so far has been handled. */
  flush(): Promise<void>;
  /** Stops pulling (messages that still arrive are nak'ed), waits for the loop, then handles what was gathered. */
  stop(): Promise<void>;
}

/**
 * A durable pull consumer that hands messages over in batches (up to `maxBatch`, or what came within `maxWaitMs`
 * of a batch's first message), for consumers that handle many messages in one transaction. Each batch runs in one
 * CONSUMER span linked to the producer span of each message.
 */
export class BatchConsumer implements BatchConsumerHandle {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private pending: StreamMessage[] = [];
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private stopping: Promise<void> | undefined;
  private readonly spanInfo: ConsumerSpanInfo;

  constructor(
    private readonly context: ConsumerContext,
    private readonly streamName: string,
    private readonly durable: string,
    private readonly options: BatchConsumeOptions,
    private readonly handler: BatchHandler,
  ) {
    const template = context.naming.base(options.traceAs.subject);
    this.spanInfo = { template, operation: 'process', group: durable };
  }

  get name(): string {
    return `${this.streamName}/${this.durable}`;
  }

  /** Declares the consumer if it is missing and starts pulling. */
  async start(): Promise<void> {
    await this.declare();
    this.messages = await this.open();
    const loop = this.keepConsuming(this.messages);
    this.loop = loop;
    // Outside the loop's own promise, so that an owner may call stop() from onEnd.
    void loop.then(() => {
      if (!this.stopping) this.options.onEnd?.();
    });
  }

  private declare(): Promise<void> {
    const spec = {
      durable: this.durable,
      startAt: this.options.startAt ?? 'new',
      ackWaitMs: this.options.ackWaitMs,
      maxAckPending: this.options.maxAckPending,
    };
    return this.context.streams.declareConsumer(this.streamName, spec, 'keep');
  }

  private open(): Promise<ConsumerMessages> {
    return this.context.streams.openMessages(this.streamName, this.durable, {
      maxMessages: this.options.pullSize ?? this.options.maxBatch * 2,
      expiresMs: 5000,
    });
  }

  /** Runs pulls one after the other while they stall; returns when one ends otherwise (or on stop()). */
  private async keepConsuming(first: ConsumerMessages): Promise<void> {
    let messages: ConsumerMessages | undefined = first;
    for (;;) {
      const stalled = await this.run(messages);
      if (!stalled || this.stopping) return;
      this.context.logger.warn(`batch consumer ${this.name} stalled (${stalled}); pulling anew`);
      messages = undefined;
      while (!messages && !this.stopping) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        try {
          await this.declare();
          messages = await this.open();
        } catch (error) {
          this.context.logger.warn(`batch consumer ${this.name} cannot pull yet: ${(error as Error).message}`);
          await new Promise((resolve) => setTimeout(resolve, 750));
        }
      }
      if (!messages) return;
      if (this.stopping) {
        await messages.close().catch(() => undefined);
        return;
      }
      this.messages = messages;
    }
  }

  /** Gathers the pull's messages into batches until it ends; resolves with why it stalled, if it did. */
  private async run(messages: ConsumerMessages): Promise<string | undefined> {
    let stalled: string | undefined;
    const watchdog = new PullWatchdog(messages, (reason) => {
      stalled = reason;
      void messages.close().catch(() => undefined);
    });
    try {
      for await (const msg of messages) {
        watchdog.alive();
        if (this.stopping) {
          msg.nak();
          continue;
        }
        this.pending.push(new StreamMessage(msg));
        if (this.pending.length >= this.options.maxBatch) {
          watchdog.setBusy(true);
          await this.flush();
          watchdog.setBusy(false);
        } else this.timer ??= setTimeout(() => void this.flush(), this.options.maxWaitMs);
      }
    } catch (error) {
      this.context.logger.warn(`batch consumer ${this.name} interrupted: ${(error as Error).message}`);
    } finally {
      watchdog.stop();
    }
    return stalled;
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) {
      // A handler that throws must not stop the batches after it: its messages are redelivered after ack_wait.
      this.chain = this.chain
        .then(() => handleBatch(batch, this.spanInfo, () => this.handler(batch)))
        .catch((error: unknown) =>
          this.context.logger.error(`batch handler of ${this.name} failed: ${(error as Error).message}`),
        );
    }
    return this.chain;
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      const messages = this.messages;
      this.messages = undefined;
      await messages?.close().catch(() => undefined);
      await this.loop?.catch(() => undefined);
      await this.flush();
    })();
    return this.stopping;
  }
}
