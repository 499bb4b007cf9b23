import { Client } from 'pg';
import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  it("recognises pg's own error when nothing listens (a stopped PostgreSQL)", async () => {
    const client = new Client({
      connectionString: 'postgresql://postgres@127.0.0.1:1/none',
      connectionTimeoutMillis: 500,
    });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises the shapes Prisma and its pg adapter wrap such errors in, at any depth', () => {
    const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(adminShutdown)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { name: 'PrismaClientInitializationError' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('pool'), { code: 'P2024' }))).toBe(true);
    const wrapped = Object.assign(new Error('Invalid `prisma.server.findMany()` invocation'), {
      code: 'P2010',
      meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable' } } },
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: new Error('Connection terminated unexpectedly') }))).toBe(
      true,
    );
  });

  it('leaves real faults alone: constraint violations, bugs, odd values', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    for (const odd of [undefined, null, 'ECONNREFUSED', 42, {}]) expect(isDatabaseUnavailable(odd)).toBe(false);
    const loop: Record<string, unknown> = { message: 'loop' };
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
