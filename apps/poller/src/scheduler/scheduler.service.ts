import { randomUUID } from 'node:crypto';
import { Subjects, type AddonStatus, type PollIntervals, type PollJob, type PollKind } from '@app/contracts';
import { LeaderLease, Messaging } from '@app/messaging';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Clock, LifecycleService, SERVICE_CONFIG } from '@app/platform';
import type { PollerConfig } from '../app.config';
import { PollerMetrics } from '../metrics/poller.metrics';
import { EntitlementsCache } from '../plans/entitlements.cache';
import { ServerRegistry } from '../registry/server-registry';
import type { ServerRecord } from '../registry/servers.repository';
import { ADDON_KINDS as REGISTRY_ADDON_KINDS } from '@app/samples';
import { DueQueue, type DueEntry } from './due-queue';
import { nextSlot, phaseOf, slotMessageId } from './slots';

/**
 * Every kind in the order one job polls them: health first, the session next (its name tags the add-on rows polled
 * after it), the add-on check, then the registry's add-on kinds.
 */
const KINDS: readonly PollKind[] = [
  'health',
  'session',
  'addon',
  ...REGISTRY_ADDON_KINDS.filter((k) => k !== 'session'),
];
/** Kinds that need the add-on: scheduled only while it is available. */
const ADDON_KINDS = new Set<PollKind>(REGISTRY_ADDON_KINDS);
const TICK_MS = 50;

interface Entry extends DueEntry {
  serverId: string;
  orgId: string;
  kind: PollKind;
  intervalMs: number;
  phase: number;
}

/**
 * The one active scheduler (leader lease in NATS KV): turns every server's plan intervals into jobs on the
 * JetStream work queue, at stable slots spread over each interval. New servers get their first health poll at
 * once; add-on kinds are emitted only while the add-on is available.
 */
@Injectable()
export class SchedulerService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SchedulerService.name);
  private readonly entries = new Map<string, Map<PollKind, Entry>>();
  private readonly addon = new Map<string, AddonStatus>();
  private readonly queue = new DueQueue<Entry>();
  private lease: LeaderLease | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly registry: ServerRegistry,
    private readonly entitlements: EntitlementsCache,
    private readonly messaging: Messaging,
    private readonly metrics: PollerMetrics,
    private readonly lifecycle: LifecycleService,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: PollerConfig,
  ) {}

  get isLeader(): boolean {
    return this.lease?.isLeader ?? false;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.POLLER_ROLE === 'worker') return;
    this.registry.onChange((event) => {
      if (event.type === 'delete') this.remove(event.serverId);
      else void this.upsert(event.server, false);
    });
    this.entitlements.onChange((orgId, intervals) => this.applyIntervals(orgId, intervals));
    this.messaging.subscribe(Subjects.addonStatus, (e) => {
      this.addon.set(e.serverId, e.status);
    });
    await Promise.all(this.registry.all().map((s) => this.upsert(s, true)));
    this.lease = new LeaderLease(this.messaging, randomUUID(), (leader) => this.onLeadership(leader), {
      ttlMs: this.config.POLLER_LEADER_TTL_MS,
      retryMs: this.config.POLLER_LEADER_RETRY_MS,
      bucket: 'poller-leader',
      key: 'scheduler',
    });
    await this.lease.start();
    this.lifecycle.onDrain('scheduler', () => this.stop());
  }

  private onLeadership(leader: boolean): void {
    this.metrics.leader.set(leader ? 1 : 0);
    clearInterval(this.timer);
    this.timer = undefined;
    if (!leader) {
      this.logger.log('scheduler standing by');
      return;
    }
    this.logger.log({ entries: this.queue.size }, 'scheduler is the leader');
    // Whatever was due while another replica led is not replayed: resume at each entry's next slot.
    const now = this.clock.nowMs();
    for (const kinds of this.entries.values())
      for (const e of kinds.values()) this.reschedule(e, nextSlot(now, e.phase, e.intervalMs));
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  private async upsert(server: ServerRecord, initial: boolean): Promise<void> {
    const intervals = await this.entitlements.intervalsOf(server.orgId);
    const known = this.entries.has(server.id);
    if (!this.addon.has(server.id)) this.addon.set(server.id, server.addonStatus);
    const kinds = this.entries.get(server.id) ?? new Map<PollKind, Entry>();
    this.entries.set(server.id, kinds);
    const now = this.clock.nowMs();
    for (const kind of KINDS) {
      const intervalMs = intervals[kind] * 1000;
      const existing = kinds.get(kind);
      if (existing && existing.intervalMs === intervalMs && existing.orgId === server.orgId) continue;
      const phase = phaseOf(server.id, intervalMs);
      const entry: Entry = {
        key: `${server.id}:${kind}`,
        serverId: server.id,
        orgId: server.orgId,
        kind,
        intervalMs,
        phase,
        nextAt: 0,
        version: 0,
      };
      kinds.set(kind, entry);
      // A newly registered server is polled at once (health, and the add-on check that gates the other kinds).
      const immediate = !known && !initial && (kind === 'health' || kind === 'addon');
      this.reschedule(entry, immediate ? now : nextSlot(now, phase, intervalMs));
    }
  }

  private applyIntervals(orgId: string, intervals: PollIntervals): void {
    const now = this.clock.nowMs();
    for (const kinds of this.entries.values()) {
      for (const entry of kinds.values()) {
        if (entry.orgId !== orgId) continue;
        const intervalMs = intervals[entry.kind] * 1000;
        if (intervalMs === entry.intervalMs) continue;
        entry.intervalMs = intervalMs;
        entry.phase = phaseOf(entry.serverId, intervalMs);
        this.reschedule(entry, nextSlot(now, entry.phase, intervalMs));
      }
    }
    this.logger.log({ orgId, health: intervals.health }, 'plan intervals applied');
  }

  private remove(serverId: string): void {
    const kinds = this.entries.get(serverId);
    if (!kinds) return;
    for (const entry of kinds.values()) entry.version++;
    this.entries.delete(serverId);
    this.addon.delete(serverId);
  }

  private reschedule(entry: Entry, at: number): void {
    entry.version++;
    entry.nextAt = at;
    this.queue.push(entry);
  }

  private tick(): void {
    const now = this.clock.nowMs();
    const current = (e: Entry, version: number): boolean =>
      e.version === version && this.entries.get(e.serverId)?.get(e.kind) === e;
    // A server's kinds due at the same slot (their phases are the server's, see phaseOf) go out as one job.
    const due = new Map<string, { serverId: string; slot: number; entries: Entry[] }>();
    for (let entry = this.queue.popDue(now, current); entry; entry = this.queue.popDue(now, current)) {
      const slot = entry.nextAt;
      // The next slot on the entry's phase, at least half an interval later: after a slot off the phase (a new
      // server's first poll, at once) too, so that its kinds meet on shared slots from then on without a second poll
      // right behind the first; a slot missed while lagging is skipped, not replayed.
      this.reschedule(entry, nextSlot(Math.max(slot + entry.intervalMs / 2, now), entry.phase, entry.intervalMs));
      if (ADDON_KINDS.has(entry.kind) && this.addon.get(entry.serverId) !== 'available') continue;
      const key = `${entry.serverId}:${slot}`;
      const group = due.get(key);
      if (group) group.entries.push(entry);
      else due.set(key, { serverId: entry.serverId, slot, entries: [entry] });
    }
    for (const group of due.values()) this.emit(group.serverId, group.slot, group.entries);
  }

  /**
   * Queues one job for a server's kinds due at one slot, in the order of KINDS (health first). Fire and forget (no
   * per-job acknowledgement: that doubled the scheduler's CPU per poll); a job lost while NATS is away is one skipped
   * slot, and the slot's message id de-duplicates any overlap.
   */
  private emit(serverId: string, slot: number, entries: Entry[]): void {
    entries.sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind));
    const [first, ...rest] = entries as [Entry, ...Entry[]];
    const job: PollJob = {
      jobId: randomUUID(),
      serverId,
      orgId: first.orgId,
      kind: first.kind,
      scheduledAt: new Date(slot).toISOString(),
      intervalSeconds: first.intervalMs / 1000,
      expiresAt: new Date(slot + first.intervalMs).toISOString(),
    };
    if (rest.length > 0) job.together = rest.map((e) => ({ kind: e.kind, intervalSeconds: e.intervalMs / 1000 }));
    try {
      this.messaging.publishToStream(Subjects.pollJob, job, { messageId: slotMessageId(serverId, slot) });
      for (const e of entries) this.metrics.jobsScheduled.inc({ kind: e.kind });
    } catch (error) {
      this.logger.warn(
        { kinds: entries.map((e) => e.kind), err: (error as Error).message },
        'could not queue a poll job',
      );
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.lease?.stop();
  }
}
