import { SystemClock, type Clock } from '@app/platform';

const SYSTEM_CLOCK = new SystemClock();

/**
 * Results of lookups kept for a short time, as promises: concurrent callers share one lookup, a failed lookup is
 * forgotten at once (the next caller tries again), and the whole cache is dropped if it ever grows past `maxEntries`
 * (a bound on memory, not an eviction policy: entries live seconds).
 */
export class PromiseCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
    private readonly clock: Pick<Clock, 'nowMs'> = SYSTEM_CLOCK,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock.nowMs();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const entry = { at: now, value: load() };
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether `key` has an entry younger than the time to live (resolved or still loading): a get would not load. */
  has(key: string): boolean {
    return this.peek(key) !== undefined;
  }

  /** The entry of `key` if younger than the time to live (resolved or still loading), without loading it. */
  peek(key: string): Promise<T> | undefined {
    const hit = this.entries.get(key);
    return hit !== undefined && this.clock.nowMs() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose key starts with `prefix` (a scan: for rare events such as a deletion). */
  deletePrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Drops every entry whose resolved value matches (entries still loading are dropped too). */
  async deleteWhere(match: (value: T) => boolean): Promise<void> {
    for (const [key, entry] of [...this.entries]) {
      const value = await entry.value.catch(() => null);
      if (value === null || match(value)) if (this.entries.get(key) === entry) this.entries.delete(key);
    }
  }
}
