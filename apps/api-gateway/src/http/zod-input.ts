import type { z } from 'zod';
import { ApiError } from './api-error';

/** Parses a request part with a zod schema; a failure is a 400 naming every field and why. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query'): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
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
