/**
 * Lets the browser paint and handle input before going on: `await nextTask()` ends the current task. Chromium's
 * `scheduler.yield()` continues ahead of other queued tasks; elsewhere a zero timeout. Starting a request or
 * building a panel costs a few milliseconds each; a dozen in one task is a long task (Total Blocking Time).
 */
export function nextTask(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `start` for each item, one item per task; resolves with their results once all have settled. */
export async function startInTurns<T, R>(items: readonly T[], start: (item: T) => Promise<R>): Promise<R[]> {
  const started: Promise<R>[] = [];
  for (const [i, item] of items.entries()) {
    if (i > 0) await nextTask();
    started.push(start(item));
  }
  return Promise.all(started);
}
