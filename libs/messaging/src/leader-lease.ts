import type { Messaging } from './messaging';
import { Kvm, type KV } from '@nats-io/kv';

/**
 * Leader election through a NATS KV key with a time-to-live: the holder renews it every third of the TTL; when it
 * stops (crash, partition) the key expires and a standby's `create` succeeds. With the default 9 s TTL and 2 s
 * retries a standby takes over within about 11 s. Overlap during a hand-over is harmless: jobs carry
 * deterministic message ids that JetStream de-duplicates. The poller's scheduler and alerting's evaluator use it.
 */
export class LeaderLease {
  private kv: KV | undefined;
  private timer: NodeJS.Timeout | undefined;
  private revision = 0;
  private leader = false;
  private stopped = false;

  constructor(
    private readonly messaging: Messaging,
    private readonly instanceId: string,
    private readonly onChange: (isLeader: boolean) => void,
    private readonly options: {
      ttlMs: number;
      retryMs: number;
      /** KV bucket (prefixed with the namespace), e.g. `poller-leader`. */
      bucket: string;
      /** The key held by the leader, e.g. `scheduler`. */
      key: string;
    },
  ) {}

  get isLeader(): boolean {
    return this.leader;
  }

  async start(): Promise<void> {
    const kvm = new Kvm(this.messaging.nc);
    const bucket = `${this.messaging.prefix}-${this.options.bucket}`;
    this.kv = await kvm.create(bucket, {
      ttl: this.options.ttlMs,
      history: 1,
      replicas: this.messaging.streamReplicas,
    });
    // create() leaves an existing bucket as it is: after NATS_STREAM_REPLICAS changed (a move to a cluster), its
    // stream gets the new number of copies here.
    const jsm = await this.messaging.jsm();
    const stream = `KV_${bucket}`;
    const info = await jsm.streams.info(stream);
    if (info.config.num_replicas !== this.messaging.streamReplicas)
      await jsm.streams.update(stream, { num_replicas: this.messaging.streamReplicas });
    await this.tick();
  }

  private schedule(): void {
    if (this.stopped) return;
    const delay = this.leader ? Math.floor(this.options.ttlMs / 3) : this.options.retryMs;
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  private async tick(): Promise<void> {
    const kv = this.kv;
    if (!kv || this.stopped) return;
    try {
      this.revision = this.leader
        ? await kv.update(this.options.key, this.instanceId, this.revision)
        : await kv.create(this.options.key, this.instanceId);
      this.setLeader(true);
    } catch {
      // Someone else holds the key (or NATS is away): we are not the leader until we hold it again.
      this.setLeader(false);
    }
    this.schedule();
  }

  private setLeader(value: boolean): void {
    if (value === this.leader) return;
    this.leader = value;
    this.onChange(value);
  }

  /** Stops renewing and gives the key up at once, so a standby takes over without waiting for the TTL. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.leader && this.kv)
      await this.kv.delete(this.options.key, { previousSeq: this.revision }).catch(() => undefined);
    this.setLeader(false);
  }
}
