import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PanelContext } from '../../src/features/dashboard/common';
import { livePanel } from '../../src/features/dashboard/live-panel';
import { DEFAULT_INTERVALS } from '../../src/lib/account';
import { useInTurns } from '../../src/lib/hooks';
import { useServerLive } from '../../src/live/hooks';
import { liveStore } from '../../src/live/store';
import type { PollResult } from '@app/contracts';

/**
 * A dashboard's panels render again only when what they show changed (a poll of another kind leaves them alone),
 * see only what they declared, and mount one per task.
 */
const SERVER = '55555555-5555-4555-8555-555555555555';
const src = { key: SERVER, base: `/api/v1/servers/${SERVER}`, auth: true };
const NO_ERRORS = {};

const poll = (kind: string, data: unknown): PollResult =>
  ({
    serverId: SERVER,
    organizationId: SERVER,
    kind,
    time: new Date().toISOString(),
    durationMs: 5,
    data,
    error: null,
  }) as unknown as PollResult;

function harness(needs: Parameters<typeof livePanel>[1]) {
  const renders: string[] = [];
  const Shown = livePanel(function Shown(props: { ctx: PanelContext }) {
    const k = props.ctx.live.kinds;
    renders.push(Object.keys(k).sort().join(','));
    return (
      <p data-testid="seen">
        {`power:${k.power ? 'yes' : 'no'} health:${k.health ? 'yes' : 'no'} status:${props.ctx.live.status ?? '-'}`}
      </p>
    );
  }, needs);
  function Page() {
    const live = useServerLive(SERVER);
    const ctx: PanelContext = { src, live, intervals: DEFAULT_INTERVALS, seedErrors: NO_ERRORS, readOnly: false };
    return <Shown ctx={ctx} />;
  }
  return { renders, Page };
}

describe('livePanel', () => {
  it('renders again for a poll of its own kind, not for a poll of another kind', () => {
    liveStore.forget(SERVER);
    const { renders, Page } = harness({ kinds: ['power'] });
    render(<Page />);
    expect(renders).toHaveLength(1);
    act(() => liveStore.applyPoll(SERVER, poll('players', [])));
    act(() => liveStore.applyPoll(SERVER, poll('production', [])));
    expect(renders).toHaveLength(1);
    act(() => liveStore.applyPoll(SERVER, poll('power', [])));
    expect(renders).toHaveLength(2);
    expect(screen.getByTestId('seen').textContent).toContain('power:yes');
  });

  it('shows a panel only the kinds it declared: an undeclared kind reads as missing, not stale', () => {
    liveStore.forget(SERVER);
    const { Page } = harness({ kinds: ['power'] });
    render(<Page />);
    act(() => liveStore.applyPoll(SERVER, poll('power', [])));
    act(() =>
      liveStore.applyPoll(
        SERVER,
        poll('health', { status: 'online', tickRate: 30, playerCount: 0, playerLimit: 4, techTier: 1 }),
      ),
    );
    expect(screen.getByTestId('seen').textContent).toContain('health:no');
    // The status is read by every add-on panel, so it is always part of the view.
    expect(screen.getByTestId('seen').textContent).toContain('status:online');
  });
});

describe('useInTurns', () => {
  it('shows nothing until active, then one more part per task until all are shown', async () => {
    const seen: number[] = [];
    let activate: () => void = () => undefined;
    function Parts() {
      const [active, setActive] = useState(false);
      activate = () => setActive(true);
      const shown = useInTurns(4, active);
      seen.push(shown);
      return <p data-testid="shown">{shown}</p>;
    }
    render(<Parts />);
    expect(screen.getByTestId('shown').textContent).toBe('0');
    act(() => activate());
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('4'));
    // Each render added at most one part: 0, 1, 2, 3, 4 in order, never a jump.
    const distinct = seen.filter((n, i) => i === 0 || n !== seen[i - 1]);
    expect(distinct).toEqual([0, 1, 2, 3, 4]);
  });

  it('shows every part at once in a hidden tab (its timers would run once a second)', () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const seen: number[] = [];
      function Parts() {
        const shown = useInTurns(4, true);
        seen.push(shown);
        return <p data-testid="shown">{shown}</p>;
      }
      render(<Parts />);
      // Synchronously, without waiting for a task: 0, then all four.
      expect(screen.getByTestId('shown').textContent).toBe('4');
      expect(seen.filter((n, i) => i === 0 || n !== seen[i - 1])).toEqual([0, 4]);
    } finally {
      visibility.mockRestore();
    }
  });
});
