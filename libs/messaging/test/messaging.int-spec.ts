import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  Requests,
  Streams,
  Subjects,
  type DeadLetter,
  type PlanEntitlements,
  type ServerStatusChanged,
} from '@app/contracts';
import {
  connectTestMessaging,
  deleteNamespaceStreams,
  eventually,
  REPO_ROOT,
  requireEnv,
  testNamespace,
} from '@app/testing';
import { ContractViolationError, RequestFailedError } from '../src/errors';
import { LeaderLease } from '../src/leader-lease';
import type { MessageMeta } from '../src/codec';
import type { Messaging } from '../src/messaging';
import { sleep, statusChange } from './fixtures';

const run = promisify(execFile);
const PUBLISHER = join(REPO_ROOT, 'libs', 'testing', 'dist', 'bin', 'publish-event.js');

/** Publishes from a separate process, as another service would. */
async function publishFromOtherProcess(prefix: string, key: string, payload: unknown, ...flags: string[]) {
  return run(process.execPath, [PUBLISHER, key, JSON.stringify(payload), ...flags], {
    env: { PATH: process.env.PATH, NATS_URL: requireEnv('GSM_TEST_NATS_URL'), NATS_PREFIX: prefix },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout.trim(), stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

describe('messaging between processes', () => {
  let messaging: Messaging;
  let prefix: string;
  let deadLetters: DeadLetter[];

  beforeEach(async () => {
    prefix = testNamespace();
    messaging = await connectTestMessaging(prefix, 'alerting');
    deadLetters = [];
    await messaging.ensureStream(Streams.deadLetters);
    messaging.subscribe(Subjects.deadLetter, (letter) => {
      deadLetters.push(letter);
    });
    await messaging.nc.flush();
  });

  afterEach(async () => {
    await deleteNamespaceStreams(messaging);
    await messaging.close();
  });

  it('delivers a typed event published by another process, validated, to a subscriber', async () => {
    const received: { payload: ServerStatusChanged; meta: MessageMeta }[] = [];
    messaging.subscribe(Subjects.serverStatus, (payload, meta) => {
      received.push({ payload, meta });
    });
    await messaging.nc.flush();
    const event = statusChange();
    const published = await publishFromOtherProcess(prefix, 'serverStatus', event);
    expect(published).toMatchObject({ code: 0 });
    await eventually(() => received.length === 1);
    expect(received[0]!.payload).toEqual(event);
    expect(received[0]!.meta).toMatchObject({
      subject: `${prefix}.server.status.v1.${event.serverId}`,
      producer: 'publisher-process',
      messageId: published.stdout,
    });
  });

  it('refuses an invalid payload at the producer: nothing is sent', async () => {
    const received: unknown[] = [];
    messaging.subscribe(Subjects.serverStatus, (p) => {
      received.push(p);
    });
    await messaging.nc.flush();
    const bad = { ...statusChange(), status: 'exploded' };
    const published = await publishFromOtherProcess(prefix, 'serverStatus', bad);
    expect(published.code).toBe(1);
    expect(published.stderr).toContain('ContractViolationError');
    expect(published.stderr).toContain('status');
    expect(() => messaging.publish(Subjects.serverStatus, bad as never)).toThrow(ContractViolationError);
    await messaging.nc.flush();
    await sleep(200);
    expect(received).toEqual([]);
  });

  it('dead-letters an invalid message at a core subscriber and keeps serving', async () => {
    const received: ServerStatusChanged[] = [];
    messaging.subscribe(Subjects.serverStatus, (p) => {
      received.push(p);
    });
    await messaging.nc.flush();
    const serverId = randomUUID();
    // Bypass the producer's validation, as a buggy or foreign publisher would.
    messaging.nc.publish(`${prefix}.server.status.v1.${serverId}`, JSON.stringify({ serverId, status: 'online' }));
    messaging.nc.publish(`${prefix}.server.status.v1.${serverId}`, 'not json at all');
    const good = statusChange({ serverId });
    messaging.publish(Subjects.serverStatus, good);
    await eventually(() => deadLetters.length === 2 && received.length === 1);
    expect(received).toEqual([good]);
    expect(deadLetters.map((d) => d.reason)).toEqual(['schema_violation', 'schema_violation']);
    expect(deadLetters[0]).toMatchObject({
      originalSubject: `${prefix}.server.status.v1.${serverId}`,
      consumer: 'alerting',
    });
    expect(deadLetters[0]!.error).toMatch(/orgId/);
    expect(deadLetters[1]!.error).toBe('body is not JSON');
  });

  it('dead-letters an invalid JetStream message and terminates it (no redelivery)', async () => {
    const handled: ServerStatusChanged[] = [];
    await messaging.consume(Subjects.serverStatus, {
      stream: Streams.pollResults,
      durable: 'alerting',
      handler: (p) => {
        handled.push(p);
      },
      backoffMs: [100],
    });
    const serverId = randomUUID();
    await messaging.js.publish(`${prefix}.server.status.v1.${serverId}`, JSON.stringify({ serverId }));
    const good = statusChange({ serverId });
    await messaging.publishDurable(Subjects.serverStatus, good);
    await eventually(() => deadLetters.length === 1 && handled.length === 1);
    expect(handled).toEqual([good]);
    expect(deadLetters[0]).toMatchObject({ reason: 'schema_violation', deliveryCount: 1, consumer: 'alerting' });
    await sleep(500);
    expect(deadLetters).toHaveLength(1);
    const info = await (await messaging.jsm()).consumers.info(`${prefix.toUpperCase()}_POLL_RESULTS`, 'alerting');
    expect({ ackPending: info.num_ack_pending, pending: info.num_pending, redelivered: info.num_redelivered }).toEqual({
      ackPending: 0,
      pending: 0,
      redelivered: 0,
    });
    expect(info.num_pending).toBe(0);
  });

  it('redelivers a JetStream message that was not acked', async () => {
    const deliveries: number[] = [];
    let handledOk = 0;
    await messaging.consume(Subjects.serverStatus, {
      stream: Streams.pollResults,
      durable: 'alerting',
      ackWaitMs: 1000,
      concurrency: 2,
      drainTimeoutMs: 100,
      handler: async (_p, meta) => {
        deliveries.push(meta.deliveryCount);
        // First delivery: the worker stalls (as if it crashed) and never acks; the server redelivers after ack_wait.
        if (meta.deliveryCount === 1) await new Promise(() => undefined);
        handledOk++;
      },
    });
    await publishFromOtherProcess(prefix, 'serverStatus', statusChange(), '--durable');
    await eventually(() => handledOk === 1, 10_000);
    expect(deliveries).toEqual([1, 2]);
  });

  it('retries a failing handler with backoff, then dead-letters it when retries are exhausted', async () => {
    const attempts: number[] = [];
    await messaging.consume(Subjects.serverStatus, {
      stream: Streams.pollResults,
      durable: 'alerting',
      maxDeliver: 3,
      backoffMs: [50, 100],
      handler: (_p, meta) => {
        attempts.push(meta.deliveryCount);
        throw new Error('webhook receiver answered 503');
      },
    });
    const event = statusChange();
    const { messageId } = await messaging.publishDurable(Subjects.serverStatus, event);
    await eventually(() => deadLetters.length === 1, 10_000);
    expect(attempts).toEqual([1, 2, 3]);
    expect(deadLetters[0]).toMatchObject({
      reason: 'retries_exhausted',
      deliveryCount: 3,
      messageId,
      error: 'webhook receiver answered 503',
    });
    expect(JSON.parse(deadLetters[0]!.payload)).toEqual(event);
  });

  it('a durable publish waits for the stream: sequence numbers in order, and a clear error when no stream takes it', async () => {
    await expect(messaging.publishDurable(Subjects.serverStatus, statusChange(), { timeoutMs: 2000 })).rejects.toThrow(
      /no JetStream stream takes .*server\.status\.v1/,
    );
    await messaging.ensureStream(Streams.pollResults);
    const acks = await Promise.all(
      Array.from({ length: 200 }, () => messaging.publishDurable(Subjects.serverStatus, statusChange())),
    );
    const seqs = acks.map((a) => a.seq);
    expect(new Set(seqs).size).toBe(200);
    expect(Math.max(...seqs) - Math.min(...seqs)).toBe(199);
    const info = await (await messaging.jsm()).streams.info(`${prefix.toUpperCase()}_POLL_RESULTS`);
    expect(info.state.messages).toBe(200);
  });

  it('delivers a duplicate message id once, even from two processes', async () => {
    const handled: ServerStatusChanged[] = [];
    await messaging.consume(Subjects.serverStatus, {
      stream: Streams.pollResults,
      durable: 'alerting',
      handler: (p) => {
        handled.push(p);
      },
    });
    const event = statusChange();
    const id = randomUUID();
    const first = await publishFromOtherProcess(prefix, 'serverStatus', event, '--durable', '--message-id', id);
    const second = await publishFromOtherProcess(prefix, 'serverStatus', event, '--durable', '--message-id', id);
    const third = await messaging.publishDurable(Subjects.serverStatus, event, { messageId: id });
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(third.duplicate).toBe(true);
    await eventually(() => handled.length === 1);
    await sleep(300);
    expect(handled).toHaveLength(1);
  });

  it('declares streams idempotently inside the namespace', async () => {
    const name = await messaging.ensureStream(Streams.pollJobs);
    await messaging.ensureStream(Streams.pollJobs);
    const info = await (await messaging.jsm()).streams.info(name);
    expect(name).toBe(`${prefix.toUpperCase()}_POLL_JOBS`);
    expect(info.config.subjects).toEqual([`${prefix}.poll.job.v1.>`]);
    expect(info.config.retention).toBe('workqueue');
    expect(info.config.num_replicas).toBe(1);
  });

  it('declares streams and lease buckets with NATS_STREAM_REPLICAS copies (more than one needs a cluster, and says so)', async () => {
    const clustered = await connectTestMessaging(prefix, 'replicas');
    const single = await connectTestMessaging(prefix, 'single');
    const options = { bucket: 'replicas-test', key: 'leader', ttlMs: 3000, retryMs: 500 };
    const lease = new LeaderLease(single, 'a', () => undefined, options);
    const moved = new LeaderLease(clustered, 'b', () => undefined, options);
    try {
      clustered.streamReplicas = 3;
      // This test server is a single node: JetStream itself refuses three copies, which proves they were asked for.
      await expect(clustered.ensureStream(Streams.pollResults)).rejects.toThrow(/replica|cluster/i);
      // A lease bucket that exists with one copy is moved to the configured number (a single node accepts the
      // update of a KV stream and reports it).
      await lease.start();
      const bucket = `KV_${prefix}-replicas-test`;
      expect((await (await single.jsm()).streams.info(bucket)).config.num_replicas).toBe(1);
      await moved.start();
      expect((await (await single.jsm()).streams.info(bucket)).config.num_replicas).toBe(3);
    } finally {
      await moved.stop();
      await lease.stop();
      await clustered.close();
      await single.close();
    }
  });

  it('answers typed requests, and says why when it cannot', async () => {
    const orgId = randomUUID();
    const entitlements: PlanEntitlements = {
      orgId,
      planId: 'pro',
      maxServers: 5,
      retentionHours: 720,
      intervals: {
        health: 10,
        power: 15,
        players: 15,
        production: 30,
        trains: 30,
        drones: 30,
        factory: 60,
        generators: 15,
        extractors: 30,
        drone_stations: 30,
        inventory: 30,
        storage: 30,
        resource_sink: 60,
        session: 10,
        addon: 300,
      },
      discordAlerts: true,
      multiChannelAlerts: true,
      apiAccess: true,
      apiDailyQuota: 10_000,
      shareLinks: true,
      roles: false,
    };
    await expect(messaging.request(Requests.entitlements, { orgId }, { timeoutMs: 500 })).rejects.toMatchObject({
      reason: 'no_responders',
    });
    messaging.reply(Requests.entitlements, (req) => {
      if (req.orgId !== orgId) throw new Error('unknown organisation');
      return entitlements;
    });
    await messaging.nc.flush();
    await expect(messaging.request(Requests.entitlements, { orgId })).resolves.toEqual(entitlements);
    await expect(messaging.request(Requests.entitlements, { orgId: randomUUID() })).rejects.toBeInstanceOf(
      RequestFailedError,
    );
    await expect(messaging.request(Requests.entitlements, { orgId: 'not-a-uuid' })).rejects.toBeInstanceOf(
      ContractViolationError,
    );
  });
});
