import type { z } from 'zod';
import { ApiError } from '../http/api-error';
import { parseInput } from '../http/zod-input';
import { History } from './metrics.schemas';

const UNIT = { s: 1, m: 60, h: 3600, d: 86400 } as const;
const MAX_BUCKETS = 2000;
/** Ten years: far beyond any range a plan keeps, and well inside what PostgreSQL's interval type holds. */
const MAX_STEP_SECONDS = 3650 * 86400;

/** The parameters every history route takes. */
type HistoryInput = { from?: string; to?: string; step?: string };

/** A history query's time range and bucket width. */
export interface HistoryRange {
  from: Date;
  to: Date;
  stepSeconds: number;
}

const invalid = (field: string, problem: string, remedy: string) =>
  new ApiError('ValidationFailed', `${field} ${problem}`, remedy, { fields: [{ field, problem }] });

/**
 * from / to / step of a history query (defaults: the hour before `now` in about 120 buckets) and the route's own
 * filters, parsed with `schema` (History or an extension of it).
 */
export function range<S extends z.ZodType<HistoryInput> = typeof History>(
  query: unknown,
  now: Date,
  schema?: S,
): HistoryRange & { filters: Omit<z.infer<S>, keyof HistoryInput> } {
  const parsed: HistoryInput = parseInput(schema ?? History, query, 'query');
  const { from: qFrom, to: qTo, step, ...filters } = parsed;
  const to = qTo ? new Date(qTo) : now;
  const from = qFrom ? new Date(qFrom) : new Date(to.getTime() - 3_600_000);
  if (from >= to) throw invalid('from', 'must be before to', 'Swap or correct the times.');
  const span = (to.getTime() - from.getTime()) / 1000;
  let stepSeconds = Math.max(10, Math.ceil(span / 120));
  if (step) {
    const match = /^(\d+)([smhd])?$/.exec(step)!;
    stepSeconds = Number(match[1]) * UNIT[(match[2] ?? 's') as keyof typeof UNIT];
    if (stepSeconds < 1) throw invalid('step', 'must be at least 1 second', 'Use e.g. step=30s.');
    if (stepSeconds > MAX_STEP_SECONDS) throw invalid('step', 'must be at most 3650d (ten years)', 'Use e.g. step=1d.');
  }
  if (span / stepSeconds > MAX_BUCKETS)
    throw new ApiError(
      'ValidationFailed',
      `from..to in steps of ${stepSeconds} s is more than ${MAX_BUCKETS} buckets`,
      'Use a larger step or a shorter range.',
      { fields: [{ field: 'step', problem: `at most ${MAX_BUCKETS} buckets` }] },
    );
  return { from, to, stepSeconds, filters: filters as Omit<z.infer<S>, keyof HistoryInput> };
}
