import { Streams, Subjects, type ServerStatusChanged } from '@app/contracts';
import { connectTestMessaging, deleteNamespaceStreams, eventually, testNamespace } from '@app/testing';
import type { Messaging } from '../src/messaging';
import { coalesceWrites } from '../src/write-coalescing';
import { statusChange } from './fixtures';

/** Counts the socket writes of a connection (nats-core's transport.send). */
function countWrites(messaging: Messaging): () => number {
  const transport = (messaging.nc as unknown as { protocol: { transport: { send(frame: Uint8Array): void } } }).protocol
    .transport;
  const send = transport.send.bind(transport);
  let writes = 0;
  transport.send = (frame) => {
    writes++;
    send(frame);
  };
  return () => writes;
}

describe('coalesced NATS writes (one socket write per event-loop turn)', () => {
  let prefix: string;
  let publisher: Messaging;
  let receiver: Messaging;

  beforeEach(async () => {
    prefix = testNamespace();
    publisher = await connectTestMessaging(prefix, 'poller');
    receiver = await connectTestMessaging(prefix, 'alerting');
  });

  afterEach(async () => {
    await deleteNamespaceStreams(publisher);
    await publisher.close();
    await receiver.close();
  });

  /** Publishes `count` status changes, each from its own I/O-like callback (a macrotask), all due in the same turn. */
  async function publishFromCallbacks(count: number): Promise<ServerStatusChanged[]> {
    const sent = Array.from({ length: count }, (_, i) => statusChange({ reason: `change ${i}` }));
    await new Promise<void>((resolve) => {
      let left = count;
      for (const event of sent)
        setTimeout(() => {
          publisher.publish(Subjects.serverStatus, event);
          if (--left === 0) resolve();
        }, 0);
    });
    return sent;
  }

  it('sends what the callbacks of one turn publish in fewer writes, every message delivered in order', async () => {
    const received: ServerStatusChanged[] = [];
    receiver.subscribe(Subjects.serverStatus, (event) => {
      received.push(event);
    });
    await receiver.nc.flush();

    const plainWrites = countWrites(publisher);
    const plain = await publishFromCallbacks(200);
    await publisher.nc.flush();
    const before = plainWrites();
    // Without coalescing each callback's publish is its own write.
    expect(before).toBeGreaterThanOrEqual(200);

    expect(coalesceWrites(publisher.nc)).toBe(true);
    const coalesced = await publishFromCallbacks(200);
    await publisher.nc.flush();
    const writes = plainWrites() - before;
    expect(writes).toBeLessThan(20);

    await eventually(() => received.length === 400);
    expect(received.map((e) => e.reason)).toEqual([...plain, ...coalesced].map((e) => e.reason));
  });

  it('keeps durable publishes acknowledged and request-reply answered', async () => {
    coalesceWrites(publisher.nc);
    await publisher.ensureStream(Streams.pollResults);
    const acks = await Promise.all(
      Array.from({ length: 50 }, () => publisher.publishDurable(Subjects.serverStatus, statusChange())),
    );
    expect(new Set(acks.map((a) => a.seq)).size).toBe(50);
    const sub = receiver.nc.subscribe(`${prefix}.echo`, {
      callback: (_err, msg) => {
        msg.respond(msg.data);
      },
    });
    await receiver.nc.flush();
    const answer = await publisher.nc.request(`${prefix}.echo`, 'ping', { timeout: 2000 });
    expect(answer.string()).toBe('ping');
    sub.unsubscribe();
  });
});
