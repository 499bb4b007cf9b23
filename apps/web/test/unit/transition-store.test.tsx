import { act, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useTransitionStore } from '../../src/lib/hooks';

/**
 * useTransitionStore (lib/hooks.ts), under useServerLive and useNow: the store's value on the first render, its
 * changes rendered as transitions (not synchronously with the change: that was the long task), a change made
 * between the render and the subscription not lost, and another key read at once.
 */

/** A tiny external store per key. */
function makeStore() {
  const values = new Map<string, number>();
  const listeners = new Map<string, Set<() => void>>();
  return {
    get: (key: string) => values.get(key) ?? 0,
    set(key: string, value: number) {
      values.set(key, value);
      listeners.get(key)?.forEach((l) => l());
    },
    subscribe(key: string, l: () => void) {
      if (!listeners.has(key)) listeners.set(key, new Set());
      listeners.get(key)!.add(l);
      return () => listeners.get(key)!.delete(l);
    },
    listeners: (key: string) => listeners.get(key)?.size ?? 0,
  };
}

function Reader(props: { store: ReturnType<typeof makeStore>; k: string; renders?: string[] }) {
  const value = useTransitionStore(
    props.k,
    (l) => props.store.subscribe(props.k, l),
    () => props.store.get(props.k),
  );
  props.renders?.push(`${props.k}=${value}`);
  return <span data-testid="value">{`${props.k}=${value}`}</span>;
}

describe('useTransitionStore', () => {
  it('shows the value, then each change once React has rendered it', async () => {
    const store = makeStore();
    store.set('a', 1);
    render(<Reader store={store} k="a" />);
    expect(screen.getByTestId('value').textContent).toBe('a=1');
    await act(async () => store.set('a', 2));
    expect(screen.getByTestId('value').textContent).toBe('a=2');
    await act(async () => {
      store.set('a', 3);
      store.set('a', 4);
    });
    expect(screen.getByTestId('value').textContent).toBe('a=4');
  });

  it('renders a change as a transition: a synchronous flush of other work does not render it', async () => {
    const store = makeStore();
    store.set('a', 1);
    let bump: () => void = () => undefined;
    function Both() {
      const [n, setN] = useState(0);
      bump = () => setN((x) => x + 1);
      return (
        <>
          <span data-testid="urgent">{n}</span>
          <Reader store={store} k="a" />
        </>
      );
    }
    render(<Both />);
    // Outside act: the store's change is scheduled as a transition, the urgent update is flushed synchronously.
    // A useSyncExternalStore change would have rendered within this same flush.
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      store.set('a', 2);
      flushSync(() => bump());
      expect(screen.getByTestId('urgent').textContent).toBe('1');
      expect(screen.getByTestId('value').textContent).toBe('a=1');
      // The transition renders soon after, on its own.
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.getByTestId('value').textContent).toBe('a=2');
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
    }
  });

  it('keeps a change made between the render and the subscription', async () => {
    const store = makeStore();
    store.set('a', 1);
    // A layout effect runs after the render and before the passive effect that subscribes (as a socket event
    // could come between them): the change must not be lost.
    function ChangeBeforeSubscribe() {
      useLayoutEffect(() => store.set('a', 5), []);
      return null;
    }
    await act(async () => {
      render(
        <>
          <Reader store={store} k="a" />
          <ChangeBeforeSubscribe />
        </>,
      );
    });
    expect(store.listeners('a')).toBe(1);
    expect(screen.getByTestId('value').textContent).toBe('a=5');
  });

  it('reads another key at once, never showing the previous key value, and moves its subscription', async () => {
    const store = makeStore();
    store.set('a', 1);
    store.set('b', 7);
    const renders: string[] = [];
    const view = render(<Reader store={store} k="a" renders={renders} />);
    view.rerender(<Reader store={store} k="b" renders={renders} />);
    expect(screen.getByTestId('value').textContent).toBe('b=7');
    expect(renders.filter((r) => r.startsWith('b=')).every((r) => r === 'b=7')).toBe(true);
    await act(async () => undefined);
    expect(store.listeners('a')).toBe(0);
    expect(store.listeners('b')).toBe(1);
    await act(async () => store.set('b', 8));
    expect(screen.getByTestId('value').textContent).toBe('b=8');
    view.unmount();
    expect(store.listeners('b')).toBe(0);
  });
});
