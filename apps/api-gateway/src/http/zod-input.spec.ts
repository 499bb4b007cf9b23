import { z } from 'zod';
import { ApiError } from './api-error';
import { nulPaths, parseInput } from './zod-input';

describe('parseInput', () => {
  const Body = z.strictObject({ name: z.string().max(10), tags: z.array(z.string()).optional() });

  it('returns the parsed value when every field is valid', () => {
    expect(parseInput(Body, { name: 'Alpha', tags: ['a'] }, 'body')).toEqual({ name: 'Alpha', tags: ['a'] });
  });

  it('names every invalid field and why', () => {
    let error: unknown;
    try {
      parseInput(Body, { name: 'x'.repeat(11), extra: 1 }, 'body');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.code).toBe('ValidationFailed');
    expect(e.message).toMatch(/^invalid body: /);
    const fields = (e.details as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'body']));
  });

  it('refuses a NUL character anywhere with a 400 naming the field, before the schema runs', () => {
    let error: unknown;
    try {
      parseInput(Body, { name: 'a\u0000b', tags: ['ok', '\u0000'] }, 'body');
    } catch (e) {
      error = e;
    }
    const e = error as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(400);
    expect(e.details).toEqual({
      fields: [
        { field: 'name', problem: 'must not contain the NUL character (\\u0000)' },
        { field: 'tags.1', problem: 'must not contain the NUL character (\\u0000)' },
      ],
    });
  });

  it('finds NUL characters in values and keys at any depth, and nowhere else', () => {
    expect(nulPaths({ a: 'fine', b: [1, true, null, { c: 'ok' }] })).toEqual([]);
    expect(nulPaths('\u0000')).toEqual([[]]);
    const found = nulPaths({ a: { b: ['x', 'y\u0000'] }, 'k\u0000': 'v' });
    expect(found).toHaveLength(2);
    expect(found).toEqual(expect.arrayContaining([['a', 'b', 1], ['k\\u0000']]));
  });

  it('walks a body nested 100,000 deep without overflowing the stack, and names the path', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const found = nulPaths({ a: deep });
    expect(found).toHaveLength(1);
    expect(found[0]!.length).toBe(100_001);
    expect(found[0]![0]).toBe('a');
    let clean: unknown = 'end';
    for (let i = 0; i < 100_000; i++) clean = { x: clean };
    expect(nulPaths(clean)).toEqual([]);
  });

  it('does not look into password fields (hashed or encrypted, never stored as text)', () => {
    expect(nulPaths({ password: 'a\u0000b', admin_password: '\u0000', name: 'ok' })).toEqual([]);
    expect(parseInput(z.strictObject({ password: z.string() }), { password: 'p\u0000ss' }, 'body')).toEqual({
      password: 'p\u0000ss',
    });
  });

  it('stops collecting after 20 findings', () => {
    expect(nulPaths(Array.from({ length: 100 }, () => '\u0000'))).toHaveLength(20);
  });
});
