import { col } from '../column';
import type { SampleKind } from '../sample-kind';

/**
 * FRM getSessionInfo: the loaded save, polled with health. Its name tags every add-on sample (`session_name`), so a
 * server that loads another save starts new series.
 */
export const session: SampleKind = {
  kind: 'session',
  table: 'session_samples',
  columns: [
    col('session_name', 'text'),
    col('is_paused', 'bool'),
    col('passed_days', 'int', { nullable: true, doc: 'in-game days since the save began' }),
    col('day_hours', 'smallint', { nullable: true, doc: 'in-game clock' }),
    col('day_minutes', 'smallint', { nullable: true, doc: 'in-game clock' }),
    col('is_day', 'bool', { nullable: true }),
    col('total_play_s', 'bigint', { field: 'totalPlaySeconds', doc: "the save's play time, seconds" }),
  ],
  order: 'time',
  interval: 'health',
  intervalOf: 'health',
  history: false,
  aggregates: false,
  latest: { type: 'one' },
  sampled: false,
  addon: true,
};
