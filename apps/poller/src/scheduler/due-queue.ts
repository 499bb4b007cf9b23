/** An item of the schedule: one (server, kind) and when it is next due. */
export interface DueEntry {
  key: string;
  nextAt: number;
  version: number;
}

/**
 * A binary min-heap of schedule entries by due time. Entries are re-pushed after each emission; a changed entry
 * gets a new version and its old heap items are skipped when they surface (lazy deletion).
 */
export class DueQueue<T extends DueEntry> {
  private readonly heap: { at: number; version: number; entry: T }[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(entry: T): void {
    this.heap.push({ at: entry.nextAt, version: entry.version, entry });
    let i = this.heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.heap[parent]!.at <= this.heap[i]!.at) break;
      [this.heap[parent], this.heap[i]] = [this.heap[i]!, this.heap[parent]!];
      i = parent;
    }
  }

  /** Removes and returns the earliest current entry due at or before `now`, or undefined. */
  popDue(now: number, isCurrent: (entry: T, version: number) => boolean): T | undefined {
    while (this.heap.length > 0 && this.heap[0]!.at <= now) {
      const top = this.pop();
      if (top && isCurrent(top.entry, top.version)) return top.entry;
    }
    return undefined;
  }

  private pop(): { at: number; version: number; entry: T } | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length > 0 && last) {
      this.heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.heap.length && this.heap[l]!.at < this.heap[m]!.at) m = l;
        if (r < this.heap.length && this.heap[r]!.at < this.heap[m]!.at) m = r;
        if (m === i) break;
        [this.heap[m], this.heap[i]] = [this.heap[i]!, this.heap[m]!];
        i = m;
      }
    }
    return top;
  }
}
