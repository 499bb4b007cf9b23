import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes zod parse without new Function (the CSP forbids eval), set before zod loads', async () => {
    await import('../../src/lib/zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // A parse of an object schema must not reach for Function (what the CSP would report).
    const original = globalThis.Function;
    let called = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        called++;
        return Reflect.construct(target, args) as object;
      },
      apply(target, self, args) {
        called++;
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.number() });
      expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(called).toBe(0);
  });
});
