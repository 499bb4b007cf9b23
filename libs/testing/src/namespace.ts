import { randomBytes } from 'node:crypto';
import { Messaging } from '@app/messaging';
import { requireEnv } from './test-database';

/** A NATS namespace of its own for one test file: its subjects and stream names see no other file's. */
export function testNamespace(): string {
  return `t${randomBytes(5).toString('hex')}`;
}

/** Connects a Messaging client inside a namespace (for tests). */
export function connectTestMessaging(prefix: string, service = 'test'): Promise<Messaging> {
  return Messaging.connect({ servers: requireEnv('GSM_TEST_NATS_URL'), service, prefix });
}

/** Deletes every stream of a namespace (the end of a test file). */
export async function deleteNamespaceStreams(messaging: Messaging): Promise<void> {
  const jsm = await messaging.jsm();
  const prefix = `${messaging.prefix.toUpperCase()}_`;
  // KV buckets of the namespace (e.g. the poller's leader lease) are streams named KV_<prefix>-...
  const buckets = `KV_${messaging.prefix}-`;
  for await (const name of jsm.streams.names()) {
    if (name.startsWith(prefix) || name.startsWith(buckets)) await jsm.streams.delete(name);
  }
}

/** Polls `check` until it returns a truthy value or the time is up. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
