import type { ConsumerMessages } from '@nats-io/jetstream';

/** The server's idle heartbeat on a pending pull request (ms): a pull that hears nothing for a few is stalled. */
export const PULL_HEARTBEAT_MS = 1000;
/** Silence (no message, heartbeat or server status) after which a waiting pull counts as stalled. */
export const PULL_STALL_MS = 4 * PULL_HEARTBEAT_MS;

/**
 * Watches one running pull (`consume()`) for a stall. On a NATS cluster a pull request lives on the consumer's
 * leader: when that node dies (or the consumer's Raft group elects another leader) the request is gone and nothing
 * tells the client. The client library re-pulls after two missed heartbeats, but only while it still believes
 * the consumer is reachable (its heartbeat monitor is paused while the connection is away and resumes only once a
 * consumer info succeeds), so a pull can wait for ever after a leader change. This watchdog notices silence — no
 * message, heartbeat or server status for `stallMs` while the owner waits for messages (not while its handlers are
 * busy: then no pull is pending and silence is expected) — and a consumer or stream reported missing, and calls
 * `onStall` once; the owner closes the pull, declares the consumer again and opens a new one (a fresh consumer
 * info binds it to the current leader).
 */
export class PullWatchdog {
  private last = Date.now();
  private busy = false;
  private fired = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    messages: ConsumerMessages,
    private readonly onStall: (reason: string) => void,
    private readonly stallMs = PULL_STALL_MS,
  ) {
    void this.watch(messages);
    this.timer = setInterval(() => this.check(), Math.max(250, Math.floor(stallMs / 4)));
    this.timer.unref();
  }

  private async watch(messages: ConsumerMessages): Promise<void> {
    try {
      for await (const s of messages.status()) {
        if (this.fired) return;
        switch (s.type) {
          case 'heartbeat':
          case 'discard':
          case 'debug':
          case 'exceeded_limits':
          case 'flow_control':
            this.alive();
            break;
          case 'consumer_not_found':
          case 'consumer_deleted':
          case 'stream_not_found':
            this.stall(s.type.replace(/_/g, ' '));
            break;
          default:
        }
      }
    } catch {
      // the pull closed
    }
  }

  /** A message arrived (or the server showed it is there). */
  alive(): void {
    this.last = Date.now();
  }

  /** While busy the owner does not read the pull (its handlers are full): silence is not a stall then. */
  setBusy(busy: boolean): void {
    this.busy = busy;
    this.last = Date.now();
  }

  private check(): void {
    if (!this.busy && Date.now() - this.last > this.stallMs)
      this.stall(`no message, heartbeat or status for ${Date.now() - this.last} ms`);
  }

  private stall(reason: string): void {
    if (this.fired) return;
    this.fired = true;
    this.stop();
    this.onStall(reason);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
