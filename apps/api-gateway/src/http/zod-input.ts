import type { z } from 'zod';
import { ApiError } from './api-error';

/**
 * Whether an ISO 8601 time, once at UTC, falls in the years 0001-9999: the times PostgreSQL's timestamptz accepts.
 * `0000-12-31T23:59:59Z` or `9999-12-31T23:59:59-01:00` are valid ISO 8601, and the database refuses them.
 * Text that is not a time at all passes: the format check names that problem.
 */
export function storableTime(value: string): boolean {
  const year = new Date(value).getUTCFullYear();
  return Number.isNaN(year) || (year >= 1 && year <= 9999);
}

const NUL_PROBLEM = 'must not contain the NUL character (\\u0000)';

/**
 * The paths of every string (value or object key) in a parsed request part that holds a NUL character, which
 * PostgreSQL's text cannot store: found here, they are a 400 naming the field instead of a database error.
 */
export function nulPaths(
  value: unknown,
  path: (string | number)[] = [],
  found: (string | number)[][] = [],
): (string | number)[][] {
  if (found.length >= 20) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, [...path, i], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...path, key.replaceAll('\u0000', '\\u0000')]);
      else nulPaths(item, [...path, key], found);
    }
  }
  return found;
}

/** Parses a request part with a zod schema; a failure is a 400 naming every field and why. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query'): z.infer<S> {
  const withNul = nulPaths(value);
  const parsed = withNul.length === 0 ? schema.safeParse(value ?? {}) : null;
  if (parsed?.success) return parsed.data;
  const issues: { path: PropertyKey[]; message: string }[] = parsed
    ? parsed.error.issues
    : withNul.map((path) => ({ path, message: NUL_PROBLEM }));
  const fields = issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : where,
    problem: issue.message,
  }));
  throw new ApiError(
    'ValidationFailed',
    `invalid ${where}: ${fields.map((f) => `${f.field}: ${f.problem}`).join('; ')}`,
    'Correct the named fields and send the request again; /api/docs describes every field.',
    { fields },
  );
}
