// The registry's browser-safe modules (apps/web/vite.config.mts): the same columns and shapes as the poller's.
import { sampleKind } from '@app/samples/registry';
import { eventDataOf, recordOfApiRow } from '@app/samples/rows';
import { ApiFailure } from '../../../lib/api';
import { ms } from '../../../lib/format';
import { queryClient } from '../../../lib/query';
import { startInTurns } from '../../../lib/tasks';
import type { SeedErrors } from '../../../live/seed';
import { get, liveKeys, type DataSource } from '../../../live/source';
import { liveStore, type DataOf } from '../../../live/store';

/** The REST read of each kind the panels of this folder show (the latest sample; the sink is one object). */
export const PANEL_READS = {
  generators: '/generators',
  extractors: '/extractors',
  drone_stations: '/drone-stations',
  inventory: '/world-inventory',
  resource_sink: '/resource-sink',
} as const;
export type PanelKind = keyof typeof PANEL_READS;

type Row = Record<string, unknown>;

/** A kind's REST answer in the shape the socket's poll result carries, and its poll time (null: nothing yet). */
export function seedOf<K extends PanelKind>(kind: K, answer: Row | Row[]): { time: number | null; data: DataOf<K> } {
  const rows = Array.isArray(answer) ? answer : [answer];
  const k = sampleKind(kind);
  const data = eventDataOf(
    k,
    rows.map((r) => recordOfApiRow(k, r)),
  ) as DataOf<K>;
  const time = rows[0]?.time;
  return { time: ms(typeof time === 'string' ? time : null), data };
}

/**
 * Seeds the live store with the newest generators, extractors, drone stations, inventory totals and sink, as
 * live/seed.ts does for the older kinds: the panels show data before (or without) the socket, and whatever the socket
 * already delivered as new or newer wins. "No data yet" and "add-on unavailable" are the panels' to explain; other
 * failures are returned per kind.
 */
export async function seedPanels(src: DataSource, withAddon: boolean): Promise<SeedErrors> {
  const errors: SeedErrors = {};
  if (!withAddon) return errors;
  const run = async (kind: PanelKind) => {
    try {
      const seed = await queryClient.fetchQuery({
        queryKey: liveKeys.latest(src, kind),
        queryFn: async () => seedOf(kind, await get<Row | Row[]>(src, PANEL_READS[kind])),
        staleTime: 10_000,
      });
      if (seed.time !== null) liveStore.seedKind(src.key, kind, seed.time, seed.data);
    } catch (e) {
      if (!(e instanceof ApiFailure) || e.code === 'NoDataYet') return;
      if (e.code === 'AddonUnavailable') liveStore.seedAddonUnavailable(src.key, e.message);
      else errors[kind] = e;
    }
  };
  await startInTurns(Object.keys(PANEL_READS) as PanelKind[], run);
  return errors;
}
