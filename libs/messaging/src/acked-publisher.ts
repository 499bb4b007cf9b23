import { createInbox, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { outsideContext } from './tracing';

/** JetStream's answer to a publish. */
export interface PubAck {
  stream: string;
  seq: number;
  duplicate: boolean;
}

interface Pending {
  resolve: (ack: PubAck) => void;
  reject: (error: Error) => void;
  deadline: number;
  subject: string;
}

const SWEEP_MS = 250;

/**
 * Publishes to JetStream and waits for the stream's acknowledgement, the way `js.publish` does, but through one
 * wildcard reply subscription and one deadline sweep for all publishes in flight: no request object, timer or
 * pre-built error per message (on the poller's hot path those were a tenth of its CPU).
 */
export class AckedPublisher {
  private readonly prefix = createInbox();
  private readonly pending = new Map<number, Pending>();
  private sub: Subscription | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private next = 0;

  constructor(private readonly nc: NatsConnection) {}

  publish(subject: string, data: Uint8Array, headers: MsgHdrs, timeoutMs: number): Promise<PubAck> {
    this.start();
    const id = ++this.next;
    return new Promise<PubAck>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, deadline: Date.now() + timeoutMs, subject });
      try {
        this.nc.publish(subject, data, { headers, reply: `${this.prefix}.${id}` });
      } catch (error) {
        this.pending.delete(id);
        reject(error as Error);
      }
    });
  }

  private start(): void {
    if (this.sub) return;
    this.sub = this.nc.subscribe(`${this.prefix}.*`, {
      callback: (err, msg) => {
        if (!err) this.answer(msg);
      },
    });
    // The first publish may run in a request's or message's context: the sweeper must not keep it for ever.
    this.sweeper = outsideContext(() => setInterval(() => this.sweep(), SWEEP_MS));
    this.sweeper.unref();
  }

  private answer(msg: Msg): void {
    const id = Number(msg.subject.slice(this.prefix.length + 1));
    const entry = this.pending.get(id);
    if (!entry) return; // timed out already
    this.pending.delete(id);
    if (msg.headers?.code === 503) {
      entry.reject(new Error(`no JetStream stream takes ${entry.subject}`));
      return;
    }
    try {
      const body = msg.json<Partial<PubAck> & { error?: { code?: number; description?: string } }>();
      if (body.error) {
        entry.reject(new Error(`JetStream refused ${entry.subject}: ${body.error.description ?? body.error.code}`));
        return;
      }
      entry.resolve({ stream: body.stream ?? '', seq: body.seq ?? 0, duplicate: body.duplicate === true });
    } catch {
      entry.reject(new Error(`JetStream answered ${entry.subject} with something other than an acknowledgement`));
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, entry] of this.pending) {
      if (entry.deadline > now) continue;
      this.pending.delete(id);
      entry.reject(new Error(`JetStream did not acknowledge ${entry.subject} in time`));
    }
  }

  /** Fails what is still waiting and stops listening. */
  stop(): void {
    clearInterval(this.sweeper);
    this.sub?.unsubscribe();
    this.sub = undefined;
    for (const entry of this.pending.values()) entry.reject(new Error('the connection is closing'));
    this.pending.clear();
  }
}
