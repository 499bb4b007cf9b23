import { observe, statusOf, type StatusState } from './status-machine';

const run = (start: StatusState, observations: Parameters<typeof observe>[1][]) => {
  let state = start;
  const changes: string[] = [];
  for (const o of observations) {
    const step = observe(state, o);
    state = step.next;
    if (step.changed) changes.push(`${step.changed.previous}->${step.changed.status}`);
  }
  return { state, changes };
};

const fresh: StatusState = { status: 'unknown', pendingStatus: null, pendingCount: 0 };

describe('status confirmation', () => {
  it('takes the first observation at once', () => {
    expect(run(fresh, ['online']).changes).toEqual(['unknown->online']);
  });

  it('needs two consecutive observations to change, both ways', () => {
    const { changes, state } = run(fresh, ['online', 'offline', 'offline', 'online', 'online']);
    expect(changes).toEqual(['unknown->online', 'online->offline', 'offline->online']);
    expect(state).toEqual({ status: 'online', pendingStatus: null, pendingCount: 0 });
  });

  it('ignores a single lost packet', () => {
    expect(run(fresh, ['online', 'offline', 'online', 'offline', 'online']).changes).toEqual(['unknown->online']);
  });

  it('restarts the count when the pending status changes', () => {
    const { changes } = run(fresh, ['online', 'degraded', 'offline', 'offline']);
    expect(changes).toEqual(['unknown->online', 'online->offline']);
  });

  it('keeps the pending observation so another worker can confirm it', () => {
    const { state } = run(fresh, ['online', 'degraded']);
    expect(state).toEqual({ status: 'online', pendingStatus: 'degraded', pendingCount: 1 });
  });
});

describe('statusOf', () => {
  it('derives the status from a poll', () => {
    expect(statusOf({ reachable: false, tickRate: null })).toBe('offline');
    expect(statusOf({ reachable: false, loading: true, tickRate: null })).toBe('loading');
    expect(statusOf({ reachable: true, tickRate: 29.9 })).toBe('online');
    expect(statusOf({ reachable: true, tickRate: 14.99 })).toBe('degraded');
    expect(statusOf({ reachable: true, tickRate: 15 })).toBe('online');
    expect(statusOf({ reachable: true, tickRate: null, health: 'slow' })).toBe('degraded');
    expect(statusOf({ reachable: true, tickRate: null, health: 'healthy' })).toBe('online');
  });
});
