import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { GetAnswer } from '../../../lib/api/client';
import { ms } from '../../../lib/format';
import { get, sourceKey, type DataSource } from '../../../live/source';
import { buildingOf, type Building } from './model';

type BuildingsPage = GetAnswer<'/api/v1/servers/{id}/buildings'>;

/** The largest page the API serves (its `limit` maximum). */
const PAGE = 1000;
/** A runaway cursor stops here: 100,000 buildings is far past any save the game can run. */
const MAX_PAGES = 100;

/** Every building of the newest getFactory poll, and that poll's time (ms; null when the factory is empty). */
export interface Buildings {
  time: number | null;
  rows: Building[];
}

/**
 * Reads every page of GET …/buildings (1,000 rows each, by building id). The table sorts and filters in the browser:
 * a reader switches filters and sort orders many times a minute, and 5,000 rows are one pass each.
 */
export async function loadBuildings(src: DataSource): Promise<Buildings> {
  const rows: Building[] = [];
  let time: number | null = null;
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res: BuildingsPage = await get<BuildingsPage>(src, `/buildings?limit=${PAGE}${after}`);
    for (const r of res.items) rows.push(buildingOf(r as Record<string, unknown>));
    time ??= ms((res.items[0] as { time?: string } | undefined)?.time);
    cursor = res.next_cursor;
    if (!cursor) break;
  }
  return { time, rows };
}

/**
 * The buildings as of a factory poll: a new poll (its time from the live store) reads them again, and the table
 * keeps the previous rows until the new ones are in (no flash of "loading" every minute).
 */
export const buildingsQuery = (src: DataSource, pollTime: number | null) =>
  queryOptions({
    queryKey: [...sourceKey(src), 'buildings', pollTime] as const,
    queryFn: () => loadBuildings(src),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60_000,
  });
