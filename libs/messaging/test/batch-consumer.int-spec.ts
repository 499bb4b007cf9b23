import { Streams, Subjects, type ServerStatusChanged } from '@app/contracts';
import { connectTestMessaging, deleteNamespaceStreams, eventually, testNamespace } from '@app/testing';
import type { BatchConsumeOptions } from '../src/batch-consumer';
import type { Messaging } from '../src/messaging';
import type { StreamMessage } from '../src/stream-message';
import { sleep, statusChange } from './fixtures';

/** The batch consumer alerting's evaluator runs on: batching, the handler's ack / nak / term, start and stop. */
describe('batch consumer on JetStream', () => {
  let messaging: Messaging;
  let prefix: string;
  let stream: string;
  const durable = 'alerting-evaluator';

  const options = (overrides: Partial<BatchConsumeOptions> = {}): BatchConsumeOptions => ({
    maxBatch: 3,
    maxWaitMs: 150,
    traceAs: Subjects.pollResult,
    ackWaitMs: 1000,
    ...overrides,
  });

  const consumerState = async () => {
    const info = await (await messaging.jsm()).consumers.info(stream, durable);
    return { ackPending: info.num_ack_pending, pending: info.num_pending, redelivered: info.num_redelivered };
  };

  beforeEach(async () => {
    prefix = testNamespace();
    messaging = await connectTestMessaging(prefix, 'alerting');
    stream = await messaging.ensureStream(Streams.pollResults);
  });

  afterEach(async () => {
    await deleteNamespaceStreams(messaging);
    await messaging.close();
  });

  it('hands messages over in batches of at most maxBatch, the rest after maxWaitMs, and acks what the handler acks', async () => {
    const batches: ServerStatusChanged[][] = [];
    const handle = await messaging.consumeBatches(
      Streams.pollResults,
      durable,
      options({ maxWaitMs: 400 }),
      async (batch) => {
        batches.push(batch.map((m) => JSON.parse(new TextDecoder().decode(m.data)) as ServerStatusChanged));
        for (const m of batch) m.ack();
      },
    );
    const events = Array.from({ length: 7 }, () => statusChange());
    for (const e of events) await messaging.publishDurable(Subjects.serverStatus, e);
    await eventually(() => batches.flat().length === 7);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(batches.flat()).toEqual(events);
    await eventually(async () => (await consumerState()).ackPending === 0);
    expect(await consumerState()).toEqual({ ackPending: 0, pending: 0, redelivered: 0 });
    await handle.stop();
  });

  it('redelivers what the handler naks or leaves unacknowledged, and never what it terms', async () => {
    const seen: { reason: string | null; deliveryCount: number }[] = [];
    const handle = await messaging.consumeBatches(
      Streams.pollResults,
      durable,
      options({ maxBatch: 1 }),
      async ([msg]: readonly StreamMessage[]) => {
        const { reason } = JSON.parse(new TextDecoder().decode(msg!.data)) as ServerStatusChanged;
        seen.push({ reason, deliveryCount: msg!.deliveryCount });
        if (msg!.deliveryCount > 1 || reason === 'ack') msg!.ack();
        else if (reason === 'nak') msg!.nak(100);
        else if (reason === 'term') msg!.term();
        // 'silent': no answer at all, as if the replica died: the server redelivers after ack_wait (1 s)
      },
    );
    for (const reason of ['ack', 'nak', 'term', 'silent'])
      await messaging.publishDurable(Subjects.serverStatus, statusChange({ reason }));
    await eventually(() => seen.length === 6, 10_000);
    await sleep(300);
    expect(seen).toHaveLength(6);
    const deliveries = (reason: string) => seen.filter((s) => s.reason === reason).map((s) => s.deliveryCount);
    expect({
      ack: deliveries('ack'),
      nak: deliveries('nak'),
      term: deliveries('term'),
      silent: deliveries('silent'),
    }).toEqual({ ack: [1], nak: [1, 2], term: [1], silent: [1, 2] });
    expect(await consumerState()).toEqual({ ackPending: 0, pending: 0, redelivered: 0 });
    await handle.stop();
  });

  it('a new consumer starts at new messages; an existing one is left as it is', async () => {
    await messaging.publishDurable(Subjects.serverStatus, statusChange({ reason: 'before' }));
    const reasons: (string | null)[] = [];
    const handler = async (batch: readonly StreamMessage[]) => {
      for (const m of batch) {
        reasons.push((JSON.parse(new TextDecoder().decode(m.data)) as ServerStatusChanged).reason);
        m.ack();
      }
    };
    const first = await messaging.consumeBatches(Streams.pollResults, durable, options(), handler);
    await messaging.publishDurable(Subjects.serverStatus, statusChange({ reason: 'after' }));
    await eventually(() => reasons.length === 1);
    await first.stop();
    // Published while nobody consumes: the kept consumer resumes where it was, with its own ack_wait.
    await messaging.publishDurable(Subjects.serverStatus, statusChange({ reason: 'while stopped' }));
    const second = await messaging.consumeBatches(
      Streams.pollResults,
      durable,
      options({ ackWaitMs: 60_000, startAt: 'all' }),
      handler,
    );
    await eventually(() => reasons.length === 2);
    expect(reasons).toEqual(['after', 'while stopped']);
    const info = await (await messaging.jsm()).consumers.info(stream, durable);
    expect(info.config).toMatchObject({ deliver_policy: 'new', ack_policy: 'explicit', ack_wait: 1000 * 1_000_000 });
    await second.stop();
  });

  it('stop() hands over what was gathered, then stops pulling; pulling that ends without stop() calls onEnd', async () => {
    const handled: number[] = [];
    let ended = 0;
    const handle = await messaging.consumeBatches(
      Streams.pollResults,
      durable,
      options({ maxBatch: 100, maxWaitMs: 60_000, onEnd: () => ended++ }),
      async (batch) => {
        handled.push(batch.length);
        for (const m of batch) m.ack();
      },
    );
    for (let i = 0; i < 2; i++) await messaging.publishDurable(Subjects.serverStatus, statusChange());
    await sleep(300);
    expect(handled).toEqual([]); // neither full nor old enough
    await handle.stop();
    expect(handled).toEqual([2]);
    await messaging.publishDurable(Subjects.serverStatus, statusChange());
    await sleep(300);
    expect(handled).toEqual([2]);
    expect(ended).toBe(0);

    const other = await connectTestMessaging(prefix, 'alerting');
    let otherEnded = 0;
    await other.consumeBatches(Streams.pollResults, 'other', options({ onEnd: () => otherEnded++ }), async () => {});
    await other.close(); // the connection goes away under the consumer
    await eventually(() => otherEnded === 1);
  });
});
