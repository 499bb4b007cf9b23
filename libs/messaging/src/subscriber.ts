import type { EventContract, PayloadOf } from '@app/contracts';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { parseMessage, readMeta, toRawMessage, type Handler, type RawMessage } from './codec';
import type { MessagingLogger } from './connection';
import type { DeadLetters } from './dead-letter';
import type { SubjectNaming } from './subject-naming';
import { failSpan, handleMessage, type ConsumerSpanInfo } from './tracing';

/**
 * Core NATS subscriptions. Each message is parsed with the contract's schema; one that fails is dead-lettered
 * and skipped, and a handler that throws is logged: neither stops the subscription or the service.
 */
export class EventSubscriber {
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly naming: SubjectNaming,
    private readonly service: string,
    private readonly deadLetters: DeadLetters,
    private readonly logger: MessagingLogger,
  ) {}

  /** Subscribes to a contract's subject (every token, or one), alone or in a queue group. */
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

  /** Subscribes to any subject and hands messages over as they are: no contract, no span (tests, tools). */
  subscribeRaw(
    subject: string,
    handler: (message: RawMessage) => void,
    options: { queue?: string } = {},
  ): Subscription {
    const sub = this.nc.subscribe(subject, {
      queue: options.queue,
      callback: (err, msg) => {
        if (err) {
          this.logger.error(`subscription error: ${err.message}`, { subject });
          return;
        }
        handler(toRawMessage(msg));
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
        await this.deadLetters.send(msg.subject, msg.data, meta, 'schema_violation', parsed.error, this.service);
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
}
