import { randomUUID } from 'node:crypto';
import { Streams, Subjects, type DeadLetter, type ServerStatusChanged } from '@app/contracts';
import { connectTestMessaging, deleteNamespaceStreams, eventually, requireEnv, testNamespace } from '@app/testing';
import type { RawMessage } from '../src/codec';
import type { Messaging } from '../src/messaging';
import { streamMessageIds } from '../src/stream-reader';
import { sleep, statusChange } from './fixtures';

describe('fan-out subscriptions, raw messages, pulls and stream reading', () => {
  let messaging: Messaging;
  let prefix: string;
  let deadLetters: DeadLetter[];

  beforeEach(async () => {
    prefix = testNamespace();
    messaging = await connectTestMessaging(prefix, 'realtime-gateway');
    deadLetters = [];
    await messaging.ensureStream(Streams.deadLetters);
    messaging.subscribe(Subjects.deadLetter, (letter) => {
      deadLetters.push(letter);
    });
  });

  afterEach(async () => {
    await deleteNamespaceStreams(messaging);
    await messaging.close();
  });

  it('fans out to every replica only the wanted tokens; invalid wanted messages are reported, not dead-lettered', async () => {
    const watched = randomUUID();
    const other = randomUUID();
    const replicas = [messaging, await connectTestMessaging(prefix, 'realtime-gateway')];
    const received = replicas.map(() => [] as ServerStatusChanged[]);
    const invalid = replicas.map(() => [] as string[]);
    const errors: string[] = [];
    replicas.forEach((replica, i) =>
      replica.subscribeFanout(Subjects.serverStatus, {
        wanted: (serverId) => serverId === watched,
        handler: (payload, receivedAt) => {
          expect(receivedAt).toBeLessThanOrEqual(performance.now());
          if (payload.reason === 'explode') throw new Error('room gone');
          received[i]!.push(payload);
        },
        onInvalid: (problem) => invalid[i]!.push(problem),
        onError: (error, serverId) => errors.push(`${serverId}: ${(error as Error).message}`),
      }),
    );
    for (const replica of replicas) await replica.nc.flush();
    const good = statusChange({ serverId: watched });
    messaging.publish(Subjects.serverStatus, statusChange({ serverId: other }));
    messaging.publishRaw(`${prefix}.server.status.v1.${other}`, 'not json, but nobody here watches it');
    messaging.publishRaw(`${prefix}.server.status.v1.${watched}`, 'not json at all');
    // A valid payload on the wrong server's subject (a buggy producer): its serverId differs from the subject.
    messaging.publishRaw(`${prefix}.server.status.v1.${watched}`, JSON.stringify(statusChange({ serverId: other })));
    messaging.publish(Subjects.serverStatus, statusChange({ serverId: watched, reason: 'explode' }));
    messaging.publish(Subjects.serverStatus, good);
    await eventually(() => received.every((r) => r.length === 1));
    await sleep(200);
    expect(received).toEqual([[good], [good]]);
    const problems = ['body is not JSON', 'serverId differs from the subject'];
    expect(invalid).toEqual([problems, problems]);
    expect(errors).toEqual([`${watched}: room gone`, `${watched}: room gone`]);
    expect(deadLetters).toEqual([]);
    await replicas[1]!.close();
  });

  it('publishes and receives raw messages: a JetStream acknowledgement on an inbox, 503 when no stream takes it', async () => {
    const inbox = messaging.createInbox();
    const answers: RawMessage[] = [];
    messaging.subscribeRaw(`${inbox}.*`, (msg) => answers.push(msg));
    await messaging.nc.flush();
    const subject = `${prefix}.server.status.v1.${randomUUID()}`;
    const body = JSON.stringify(statusChange());
    messaging.publishRaw(subject, body, { headers: { 'Nats-Msg-Id': 'raw-1' }, reply: `${inbox}.1` });
    await eventually(() => answers.length === 1);
    expect(answers[0]!.status).toBe(503);
    await messaging.ensureStream(Streams.pollResults);
    messaging.publishRaw(subject, body, { headers: { 'Nats-Msg-Id': 'raw-1' }, reply: `${inbox}.2` });
    messaging.publishRaw(subject, body, { headers: { 'Nats-Msg-Id': 'raw-1' }, reply: `${inbox}.3` });
    await eventually(() => answers.length === 3);
    const acks = answers.slice(1).map((a) => ({ subject: a.subject, status: a.status, ack: JSON.parse(a.text()) }));
    expect(acks).toEqual([
      { subject: `${inbox}.2`, status: 0, ack: expect.objectContaining({ seq: 1 }) },
      { subject: `${inbox}.3`, status: 0, ack: expect.objectContaining({ seq: 1, duplicate: true }) },
    ]);
  });

  it('pulls a durable consumer from a stream sequence, and reads the message ids a stream holds since a time', async () => {
    const stream = await messaging.ensureStream(Streams.pollResults);
    const since = new Date(Date.now() - 1000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await messaging.publishDurable(Subjects.serverStatus, statusChange())).messageId);
    await messaging.declareConsumer(stream, { durable: 'bench-baseline', startAt: { sequence: 3 } });
    const pull = await messaging.pull(stream, 'bench-baseline', { maxMessages: 10, expiresMs: 1000 });
    const pulled: { seq: number; id: string | undefined; count: number }[] = [];
    for await (const msg of pull) {
      pulled.push({ seq: msg.sequence, id: msg.header('Nats-Msg-Id'), count: msg.deliveryCount });
      msg.ack();
      if (pulled.length === 3) break;
    }
    await pull.close();
    expect(pulled).toEqual([
      { seq: 3, id: ids[2], count: 1 },
      { seq: 4, id: ids[3], count: 1 },
      { seq: 5, id: ids[4], count: 1 },
    ]);
    await messaging.deleteConsumer(stream, 'bench-baseline');
    await expect(messaging.deleteConsumer(stream, 'bench-baseline')).resolves.toBeUndefined();

    const held = await streamMessageIds(requireEnv('GSM_TEST_NATS_URL'), stream, since);
    expect([...held].sort()).toEqual([...ids].sort());
    expect(await streamMessageIds(requireEnv('GSM_TEST_NATS_URL'), stream, new Date(Date.now() + 60_000))).toEqual(
      new Set(),
    );
  });
});
