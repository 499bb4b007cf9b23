import { Requests, Subjects, type PollIntervals } from '@app/contracts';
import { Messaging } from '@app/messaging';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '@app/platform';

/** Used while billing-limits cannot be asked: the Free plan's intervals, the slowest and so the safest. */
export const FALLBACK_INTERVALS: PollIntervals = {
  health: 30,
  power: 30,
  players: 30,
  production: 30,
  trains: 30,
  drones: 30,
  factory: 30,
  generators: 30,
  extractors: 30,
  drone_stations: 30,
  inventory: 30,
  storage: 30,
  resource_sink: 30,
  session: 30,
  addon: 300,
};

const RETRY_FALLBACK_MS = 15_000;

/**
 * Polling intervals per organisation, asked of billing-limits over NATS request-reply and cached; a `plan.changed`
 * event refreshes the organisation at once, so a plan change takes effect within one interval.
 */
@Injectable()
export class EntitlementsCache implements OnModuleInit {
  private readonly logger = new Logger(EntitlementsCache.name);
  private readonly cache = new Map<string, { intervals: PollIntervals; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<PollIntervals>>();
  private readonly listeners: ((orgId: string, intervals: PollIntervals) => void)[] = [];

  constructor(
    private readonly messaging: Messaging,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.messaging.subscribe(Subjects.planChanged, async ({ orgId }) => {
      this.cache.delete(orgId);
      const intervals = await this.intervalsOf(orgId);
      for (const listener of this.listeners) listener(orgId, intervals);
    });
  }

  onChange(listener: (orgId: string, intervals: PollIntervals) => void): void {
    this.listeners.push(listener);
  }

  /** The organisation's intervals in seconds per poll kind. */
  intervalsOf(orgId: string): Promise<PollIntervals> {
    const cached = this.cache.get(orgId);
    if (cached && cached.expiresAt > this.clock.nowMs()) return Promise.resolve(cached.intervals);
    let pending = this.pending.get(orgId);
    if (!pending) {
      pending = this.ask(orgId).finally(() => this.pending.delete(orgId));
      this.pending.set(orgId, pending);
    }
    return pending;
  }

  private async ask(orgId: string): Promise<PollIntervals> {
    try {
      const answer = await this.messaging.request(Requests.entitlements, { orgId }, { timeoutMs: 2000 });
      const intervals = { ...FALLBACK_INTERVALS, ...answer.intervals };
      this.cache.set(orgId, { intervals, expiresAt: this.clock.nowMs() + 10 * 60_000 });
      return intervals;
    } catch (error) {
      this.logger.warn(
        { orgId, err: (error as Error).message },
        'billing-limits did not answer; polling at the Free plan intervals for now',
      );
      const previous = this.cache.get(orgId)?.intervals ?? FALLBACK_INTERVALS;
      this.cache.set(orgId, { intervals: previous, expiresAt: this.clock.nowMs() + RETRY_FALLBACK_MS });
      return previous;
    }
  }
}
