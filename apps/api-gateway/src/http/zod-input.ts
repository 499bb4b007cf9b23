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
 * PostgreSQL's text cannot store: found here, they are a 400 naming the field instead of a database error. Fields
 * named `*password` are not looked into: they are hashed or encrypted, never stored as text. Walked with an
 * explicit stack (a body nested thousands deep must not overflow the call stack); stops after `limit` findings.
 */
export function nulPaths(value: unknown, limit = 20): (string | number)[][] {
  interface Node {
    value: unknown;
    key: string | number | null;
    parent: Node | null;
  }
  // Paths are rebuilt from parent links only for findings: copying them at every level would cost depth².
  const pathOf = (node: Node | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let n = node; n && n.key !== null; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const found: (string | number)[][] = [];
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && found.length < limit) {
    const node = stack.pop()!;
    const item = node.value;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) found.push(pathOf(node));
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], key: i, parent: node });
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (key.includes('\u0000')) found.push(pathOf(node, key.replaceAll('\u0000', '\\u0000')));
        else if (!/password$/i.test(key)) stack.push({ value: child, key, parent: node });
      }
    }
  }
  return found.slice(0, limit);
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
