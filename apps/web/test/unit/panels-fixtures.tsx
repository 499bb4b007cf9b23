import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { PanelContext } from '../../src/features/dashboard/common';
import { DEFAULT_INTERVALS } from '../../src/lib/account';
import type { DataOf, Kind, KindEntry, ServerLive } from '../../src/live/store';

/** What the factory view and the panels of issue 20 are rendered with in unit tests: a server's live state. */

export const SRC = { key: 'srv-1', base: '/api/v1/servers/srv-1', auth: true };

/** A live state whose add-on answers, with the given kinds' newest data (polled just now). */
export function liveWith(kinds: { [K in Kind]?: DataOf<K> }, over: Partial<ServerLive> = {}): ServerLive {
  const now = Date.now();
  const entries: { [K in Kind]?: KindEntry<K> } = {};
  for (const [kind, data] of Object.entries(kinds))
    (entries as Record<string, KindEntry>)[kind] = { time: now, data: data as never, dataTime: now, error: null };
  return {
    name: 'Healthy base',
    status: 'online',
    statusReason: null,
    addonStatus: 'available',
    addonReason: null,
    lastSeenAt: now,
    kinds: entries,
    points: [],
    lastOnline: {},
    incidents: [],
    joinError: null,
    removed: false,
    snapshotAt: now,
    ...over,
  };
}

export function ctxOf(live: ServerLive): PanelContext {
  return { src: SRC, live, intervals: DEFAULT_INTERVALS, seedErrors: {}, readOnly: false };
}

/** Renders inside a query client of its own (no retries: a failure shows at once). */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** A JSON answer as the API gives it. */
export const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** The API's error shape. */
export const failure = (status: number, code: string, message: string) =>
  answer(status, { error: { code, message, remedy: null }, request_id: 'req-1' });

/** A row of GET /servers/{id}/buildings as the API serves it (snake_case registry columns, plus time). */
export function apiBuilding(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    time: '2026-11-26T10:00:00.000Z',
    building_id: 'Build_AssemblerMk1_C_1',
    class_name: 'Build_AssemblerMk1_C',
    name: 'Assembler',
    recipe: 'Reinforced Iron Plate',
    is_configured: true,
    is_producing: true,
    is_paused: false,
    productivity: 100,
    manu_speed: 100,
    somersloops: 0,
    power_shards: 0,
    circuit_group_id: 1,
    power_consumed: 15,
    pos_x: 0,
    pos_y: 0,
    pos_z: 0,
    stall: null,
    session_name: 'Main save',
    ...over,
  };
}
