import type { JsMsg } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/transport-node';
import { readMeta, type MessageMeta } from './codec';

/**
 * A message delivered by a JetStream consumer, not yet parsed, with the acknowledgement the consumer owes the
 * server: `ack` (done), `nak` (deliver again, after `delayMs` if given) or `term` (never deliver again).
 */
export class StreamMessage {
  constructor(private readonly msg: JsMsg) {}

  get subject(): string {
    return this.msg.subject;
  }

  get data(): Uint8Array {
    return this.msg.data;
  }

  /** The message's headers (trace context, id); read them with {@link header} unless a tracing helper needs them. */
  get headers(): MsgHdrs | undefined {
    return this.msg.headers;
  }

  /** A header's value, or undefined. */
  header(name: string): string | undefined {
    return this.msg.headers?.get(name) || undefined;
  }

  /** How many times this message has been delivered (1 on first delivery). */
  get deliveryCount(): number {
    return this.msg.info.deliveryCount;
  }

  /** The message's sequence number in its stream. */
  get sequence(): number {
    return this.msg.seq;
  }

  /** Messages of the consumer still waiting after this one. */
  get pending(): number {
    return this.msg.info.pending;
  }

  /** Subject, id, producer and delivery count. */
  get meta(): MessageMeta {
    return readMeta(this.msg, this.msg.info.deliveryCount);
  }

  ack(): void {
    this.msg.ack();
  }

  nak(delayMs?: number): void {
    this.msg.nak(delayMs);
  }

  // term() is sent without a reason: servers before 2.10 ignore "+TERM <reason>", which would leave the message
  // pending and redeliver it after ack_wait.
  term(): void {
    this.msg.term();
  }
}
