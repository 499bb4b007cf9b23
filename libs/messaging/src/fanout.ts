import type { EventContract, PayloadOf } from '@app/contracts';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { parseMessage } from './codec';
import type { MessagingLogger } from './connection';
import type { SubjectNaming } from './subject-naming';
import { handleMessage, messagingTracingEnabled, type ConsumerSpanInfo } from './tracing';

/** What a fan-out subscription does with the messages of a contract; see {@link subscribeFanout}. */
export interface FanoutOptions<T> {
  /** Whether this replica wants a message, decided from its subject's last token alone, before anything is parsed. */
  wanted: (token: string) => boolean;
  /**
   * Handles a wanted, valid message. `receivedAt` is `performance.now()` when it arrived (to measure the time to
   * the handler's end).
   */
  handler: (payload: T, receivedAt: number) => void;
  /**
   * A wanted message that does not match its contract, or whose token field differs from its subject: it is
   * dropped, not dead-lettered (every replica receives the same message, each would dead-letter it).
   */
  onInvalid: (problem: string) => void;
  /** The handler threw (default: logged). */
  onError?: (error: unknown, token: string) => void;
}

/**
 * Subscribes every replica to every message of a contract on core NATS (no queue group: each replica serves its
 * own clients). A replica receives the events of the whole platform, most for things nobody watches there, so the
 * subject's token is checked with `wanted` before the message is parsed. While tracing is on the handler runs in a
 * CONSUMER span, child of the producer's.
 */
export function subscribeFanout<C extends EventContract>(
  nc: NatsConnection,
  naming: SubjectNaming,
  logger: MessagingLogger,
  contract: C,
  options: FanoutOptions<PayloadOf<C>>,
): Subscription {
  const info: ConsumerSpanInfo = { template: naming.base(contract.subject), operation: 'process' };
  const onError =
    options.onError ??
    ((error: unknown) => logger.error(`fan-out of ${contract.subject} failed: ${(error as Error).message}`));
  return nc.subscribe(naming.pattern(contract), {
    callback: (err, msg) => {
      if (err) {
        logger.error(`subscription error: ${err.message}`, { subject: contract.subject });
        return;
      }
      receive(contract, info, msg, options, onError);
    },
  });
}

function receive<C extends EventContract>(
  contract: C,
  info: ConsumerSpanInfo,
  msg: Msg,
  options: FanoutOptions<PayloadOf<C>>,
  onError: (error: unknown, token: string) => void,
): void {
  const receivedAt = performance.now();
  const token = msg.subject.slice(msg.subject.lastIndexOf('.') + 1);
  if (!options.wanted(token)) return;
  const parsed = parseMessage(contract, msg.data);
  const payload = parsed.ok ? (parsed.value as PayloadOf<C> & Record<string, unknown>) : null;
  if (!payload || (contract.token && payload[contract.token] !== token)) {
    options.onInvalid(parsed.ok ? `${contract.token} differs from the subject` : parsed.error);
    return;
  }
  if (messagingTracingEnabled()) {
    handleMessage(msg, null, info, async () => options.handler(payload, receivedAt)).catch((error: unknown) =>
      onError(error, token),
    );
    return;
  }
  try {
    options.handler(payload, receivedAt);
  } catch (error) {
    onError(error, token);
  }
}
