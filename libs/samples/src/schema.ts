import { z } from 'zod';
import { apiNameOf, type SampleColumn, type SqlType } from './column';
import type { SampleKind } from './sample-kind';

function typeOf(type: SqlType): z.ZodType {
  switch (type) {
    case 'bool':
      return z.boolean();
    case 'smallint':
    case 'int':
    case 'bigint':
      // bigint is served as a JSON number (counts and seconds, far below 2^53).
      return z.int();
    case 'real':
    case 'float8':
      return z.number();
    case 'uuid':
      return z.uuid();
    default:
      return z.string();
  }
}

function schemaOf(c: SampleColumn): z.ZodType {
  const base = typeOf(c.type);
  const typed = c.nullable ? base.nullable() : base;
  return c.doc ? typed.describe(c.doc) : typed;
}

/**
 * The REST shape of one row of a kind (OpenAPI document): `time` and every API column under its REST name, typed
 * from the column's SQL type; `extra` adds fields a route computes (e.g. `last_seen_at`).
 */
export function apiRowSchema(kind: SampleKind, extra: z.ZodRawShape = {}): z.ZodObject {
  const shape: Record<string, z.ZodType> = { time: z.string().describe('ISO 8601 time of the poll') };
  for (const c of kind.columns) if (c.api) shape[apiNameOf(c)] = schemaOf(c);
  return z.object({ ...shape, ...extra });
}
