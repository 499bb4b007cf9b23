import { KEY_COLUMNS, type SqlType } from './column';
import { droneStations } from './kinds/drone-stations';
import { drones } from './kinds/drones';
import { extractors } from './kinds/extractors';
import { factory } from './kinds/factory';
import { generators } from './kinds/generators';
import { health } from './kinds/health';
import { inventory } from './kinds/inventory';
import { players } from './kinds/players';
import { power } from './kinds/power';
import { production } from './kinds/production';
import { resourceSink } from './kinds/resource-sink';
import { session } from './kinds/session';
import { storage } from './kinds/storage';
import { trains } from './kinds/trains';
import type { SampleKind } from './sample-kind';
import type { PollKind } from '@app/contracts';

/** Every kind stored as samples, in the order the writer writes their tables. */
export const SAMPLE_KINDS = [
  health,
  power,
  players,
  production,
  trains,
  drones,
  factory,
  generators,
  extractors,
  droneStations,
  inventory,
  storage,
  resourceSink,
  session,
] as const;

/** The kinds polled through the FRM add-on. */
export type AddonKind = Exclude<PollKind, 'health' | 'addon'>;

/** Every kind polled through the FRM add-on, in registry order. */
export const ADDON_KINDS: readonly AddonKind[] = SAMPLE_KINDS.filter((k) => k.addon).map((k) => k.kind as AddonKind);

const BY_KIND = new Map<string, SampleKind>(SAMPLE_KINDS.map((k) => [k.kind, k]));

/** The kind's definition; throws on a kind that is not stored as samples (e.g. the add-on check). */
export function sampleKind(kind: string): SampleKind {
  const found = BY_KIND.get(kind);
  if (!found) throw new Error(`no sample kind ${kind}`);
  return found;
}

/** A table's columns as the writer's COPY needs them: name and type, `time` and `server_id` first. */
export type TableColumns = readonly (readonly [string, SqlType])[];

/** Every sample table with its full column list (the writer's COPY targets; retention empties them too). */
export const SAMPLE_TABLES: ReadonlyMap<string, TableColumns> = new Map(
  SAMPLE_KINDS.map((k) => [k.table, [...KEY_COLUMNS, ...k.columns.map((c) => [c.column, c.type] as const)]]),
);

/**
 * The poll kinds whose data is stored as sample rows: their `latest` row holds only the poll's time (data JSON
 * null), and readers (the REST API, the realtime snapshot, alerting's presence) read the rows stored at that time.
 */
export const SAMPLED_KINDS: ReadonlySet<string> = new Set(SAMPLE_KINDS.filter((k) => k.sampled).map((k) => k.kind));
