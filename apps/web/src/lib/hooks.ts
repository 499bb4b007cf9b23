import { startTransition, useEffect, useState } from 'react';

/** One shared one-second clock, so every "updated 4 s ago" on a page ticks together with one timer. */
const tickers = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let offset = 0;
let now = Date.now();

/**
 * The server's clock minus the browser's, from a snapshot's `sentAt`: data ages are measured on the server's clock
 * so a browser whose clock is off does not call fresh data stale. Ignored below 2 s (network latency).
 */
export function setClockOffset(ms: number): void {
  offset = Math.abs(ms) < 2000 ? 0 : ms;
  now = Date.now() + offset;
}

/** The current time on the server's clock (ms). */
export function serverNow(): number {
  return Date.now() + offset;
}

function subscribeClock(listener: () => void): () => void {
  tickers.add(listener);
  if (!timer) {
    now = serverNow();
    timer = setInterval(() => {
      now = serverNow();
      tickers.forEach((l) => l());
    }, 1000);
  }
  return () => {
    tickers.delete(listener);
    if (tickers.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/**
 * An external store's value, its changes rendered as transitions. React renders a `useSyncExternalStore` change
 * synchronously, in one task with everything it touches: the live store's polls, snapshots and seeds (a dozen kinds,
 * several servers) and the clock's tick were long tasks of 100-250 ms on a slow machine (Total Blocking Time). As a
 * transition the render comes in slices of a few milliseconds and yields to input between them; a newer change
 * joins the pending render. The render may show the value of a moment ago while a slice waits, never a mix within
 * one component. `key` names what is read: another key reads the store at once (no value of the previous key shown).
 */
export function useTransitionStore<T>(key: string, subscribe: (listener: () => void) => () => void, read: () => T): T {
  const [state, setState] = useState(() => ({ key, value: read() }));
  useEffect(() => {
    const update = () => {
      const value = read();
      startTransition(() => setState((s) => (s.key === key && Object.is(s.value, value) ? s : { key, value })));
    };
    const stop = subscribe(update);
    update(); // a change between the render and this subscription
    return stop;
    // `subscribe` and `read` belong to `key`: new functions for the same key are the same subscription and read.
  }, [key]);
  return state.key === key ? state.value : read();
}

/** The current time in ms, re-rendering every second (as a transition: see useTransitionStore). */
export function useNow(): number {
  return useTransitionStore('clock', subscribeClock, () => now);
}

/**
 * How many of `count` parts to show: none until `active`, then one more per task, each rendered as a transition
 * (which React renders in slices, yielding to input). A dashboard of sixteen panels, two thousand elements with
 * the factory's table, rendered and laid out at once was a task of over a second on a slow machine.
 */
export function useInTurns(count: number, active: boolean): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!active || shown >= count) return;
    // In a hidden tab timers fire once a second at most (once a minute after five minutes): a dashboard opened in
    // the background would still be building its panels when the reader comes to it. Nobody reads or types there:
    // everything at once.
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
      setShown(count);
      return;
    }
    const next = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    return () => clearTimeout(next);
  }, [active, shown, count]);
  return active ? Math.min(shown, count) : 0;
}
