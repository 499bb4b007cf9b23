import type { StreamDefinition } from '@app/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type ConsumerMessages,
  type ConsumerUpdateConfig,
} from '@nats-io/jetstream';
import { TimeoutError } from '@nats-io/transport-node';
import type { MessagingConnection } from './connection';
import { PULL_HEARTBEAT_MS } from './pull-watchdog';
import { StreamMessage } from './stream-message';
import type { SubjectNaming } from './subject-naming';

/** A durable pull consumer with explicit acknowledgements, in the platform's terms. */
export interface DurableConsumerSpec {
  /** The consumer's name; by convention the consuming service's name (plus a purpose when it has several). */
  durable: string;
  /** Where a new consumer starts: every message the stream holds, only new ones, or a stream sequence. */
  startAt: 'all' | 'new' | { sequence: number };
  /** Only messages of this subject (pattern); every subject of the stream when absent. */
  filterSubject?: string;
  /** How long the server waits for an acknowledgement before delivering again. */
  ackWaitMs?: number;
  /** The server's limit of deliveries of one message. */
  maxDeliver?: number;
  /** Messages delivered and not yet acknowledged, at most. */
  maxAckPending?: number;
}

/** A running pull: the consumer's messages as they come, until `close()`. */
export interface StreamPull extends AsyncIterable<StreamMessage> {
  close(): Promise<void>;
}

const nanos = (ms: number) => ms * 1_000_000;

/** Declares streams and durable consumers idempotently, and opens pulls on them. */
export class StreamAdmin {
  /** Copies of each stream and KV bucket declared through this client. */
  replicas = 1;

  constructor(
    private readonly connection: MessagingConnection,
    private readonly naming: SubjectNaming,
  ) {}

  /**
   * Declares a stream, or updates it to the definition when it exists (idempotent). A JetStream that does not
   * answer yet (a cluster electing its meta leader right after a start or a node's loss: the request times out or
   * says 503) is asked again, with a growing pause, for up to STREAM_DECLARE_PATIENCE_MS before the error stands.
   */
  async ensureStream(def: StreamDefinition): Promise<string> {
    const until = Date.now() + STREAM_DECLARE_PATIENCE_MS;
    for (let pause = 250; ; pause = Math.min(pause * 2, 2000)) {
      try {
        return await this.declareStream(def);
      } catch (error) {
        if (!isTransient(error) || Date.now() + pause > until) throw error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  private async declareStream(def: StreamDefinition): Promise<string> {
    const jsm = await this.connection.jsm();
    const name = this.naming.stream(def);
    const config = {
      name,
      subjects: this.naming.streamSubjects(def),
      retention: def.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: def.maxAgeSeconds * 1_000_000_000,
      duplicate_window: def.duplicateWindowSeconds * 1_000_000_000,
      num_replicas: this.replicas,
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
      if (!isNotFound(error)) throw error;
      await jsm.streams.add(config);
    }
    return name;
  }

  /**
   * Declares a durable consumer. One that exists already is updated to the spec's filter and limits
   * (`ifExists: 'update'`) or left exactly as it is (`'keep'`: its position and settings are the operator's).
   */
  async declareConsumer(
    stream: string,
    spec: DurableConsumerSpec,
    ifExists: 'update' | 'keep' = 'update',
  ): Promise<void> {
    const jsm = await this.connection.jsm();
    try {
      await jsm.consumers.info(stream, spec.durable);
      if (ifExists === 'update') await jsm.consumers.update(stream, spec.durable, updateConfigOf(spec));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await jsm.consumers.add(stream, configOf(spec));
    }
  }

  /** Deletes a durable consumer (a missing one is not an error). */
  async deleteConsumer(stream: string, durable: string): Promise<void> {
    const jsm = await this.connection.jsm();
    await jsm.consumers.delete(stream, durable).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }

  /**
   * Pulls a durable consumer's messages: at most `maxMessages` delivered and unacknowledged by this pull, in
   * short-lived pull requests (`expiresMs`) so that a replica that dies leaves nothing behind for long.
   */
  async pull(
    stream: string,
    durable: string,
    options: { maxMessages: number; expiresMs: number },
  ): Promise<StreamPull> {
    return wrapPull(await this.openMessages(stream, durable, options));
  }

  /** {@link pull} without the wrapper, for this library's consumers (they wrap each message themselves). */
  async openMessages(
    stream: string,
    durable: string,
    options: { maxMessages: number; expiresMs: number },
  ): Promise<ConsumerMessages> {
    const consumer = await this.connection.js.consumers.get(stream, durable);
    // Heartbeats every second while a pull waits, so that a pull lost with a cluster node is noticed in seconds
    // (the client's default is half the expiry) — see PullWatchdog.
    return consumer.consume({
      max_messages: options.maxMessages,
      expires: options.expiresMs,
      // The server refuses a heartbeat over half the expiry ("heartbeat value too large").
      idle_heartbeat: Math.min(PULL_HEARTBEAT_MS, Math.floor(options.expiresMs / 2)),
    });
  }
}

/** A JetStream API error that says "not found" (stream or consumer). */
/** How long a service waits for JetStream to answer a stream's declaration at start. */
const STREAM_DECLARE_PATIENCE_MS = 30_000;

/** A JetStream that is there but not answering yet: a request timed out, or the API said 503 (no meta leader). */
function isTransient(error: unknown): boolean {
  if (error instanceof TimeoutError || (error as Error | null)?.cause instanceof TimeoutError) return true;
  return error instanceof JetStreamApiError && error.status === 503;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.status === 404;
}

function configOf(spec: DurableConsumerSpec): Partial<ConsumerConfig> {
  const config: Partial<ConsumerConfig> = {
    durable_name: spec.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy:
      spec.startAt === 'all'
        ? DeliverPolicy.All
        : spec.startAt === 'new'
          ? DeliverPolicy.New
          : DeliverPolicy.StartSequence,
  };
  if (typeof spec.startAt === 'object') config.opt_start_seq = spec.startAt.sequence;
  return { ...config, ...updateConfigOf(spec) };
}

function updateConfigOf(spec: DurableConsumerSpec): Partial<ConsumerUpdateConfig> {
  const config: Partial<ConsumerUpdateConfig> = {};
  if (spec.filterSubject !== undefined) config.filter_subject = spec.filterSubject;
  if (spec.ackWaitMs !== undefined) config.ack_wait = nanos(spec.ackWaitMs);
  if (spec.maxDeliver !== undefined) config.max_deliver = spec.maxDeliver;
  if (spec.maxAckPending !== undefined) config.max_ack_pending = spec.maxAckPending;
  return config;
}

/** The consumer's messages as {@link StreamMessage}s (a mapping iterator: no async generator per message). */
function wrapPull(messages: ConsumerMessages): StreamPull {
  return {
    [Symbol.asyncIterator]: () => {
      const source = messages[Symbol.asyncIterator]();
      return {
        next: async (): Promise<IteratorResult<StreamMessage>> => {
          const result = await source.next();
          return result.done
            ? { done: true, value: undefined }
            : { done: false, value: new StreamMessage(result.value) };
        },
        return: async (): Promise<IteratorResult<StreamMessage>> => {
          await source.return?.();
          return { done: true, value: undefined };
        },
      };
    },
    close: async () => {
      await messages.close();
    },
  };
}
