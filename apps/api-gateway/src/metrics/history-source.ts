import type { SampleKind } from '@app/samples';

/** Where a history is read from: the raw samples, or the 1-minute / 1-hour aggregate (`<table>_1m`, `_1h`). */
export type Source = 'raw' | '1m' | '1h';

const WIDTH_MS: Record<Source, number> = { raw: 1, '1m': 60_000, '1h': 3_600_000 };

/**
 * Whole hours read the hourly aggregate, whole minutes the per-minute one (a TimescaleDB continuous aggregate where
 * it is installed, a view over the samples otherwise); any other step, and a kind without aggregates, the samples.
 */
export function sourceOf(kind: SampleKind, stepSeconds: number): Source {
  if (!kind.aggregates) return 'raw';
  if (stepSeconds % 3600 === 0) return '1h';
  return stepSeconds % 60 === 0 ? '1m' : 'raw';
}

/** An aggregate row stands for its whole minute or hour: the one `from` falls in is read whole, not dropped. */
export function aggregateFrom(source: Source, from: Date): Date {
  const width = WIDTH_MS[source];
  return new Date(Math.floor(from.getTime() / width) * width);
}

/** The end of the aggregate row `to` falls in: an aggregate row starting before `to` holds its whole width. */
export function aggregateTo(source: Source, to: Date): Date {
  const width = WIDTH_MS[source];
  return new Date(Math.ceil(to.getTime() / width) * width);
}
