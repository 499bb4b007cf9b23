/*
 * npm run bench:realtime [-- --clients 10000 --rooms 500 --rate 500 --seconds 20 --baseline 1000 --workers 2]
 *
 * Starts ONE realtime-gateway process (LOG_LEVEL=info, as deployed) against its own database and NATS namespace,
 * seeded with an organisation, a few dashboard sessions and `--rooms` servers (each with its state and a `latest`
 * health row, so every join sends a real snapshot). Client processes (`--workers`, forked: bench-clients.ts) open
 * Socket.IO connections over WebSocket, client i joining server i mod rooms. This process publishes `pollResult`
 * events on NATS at `--rate` per second in total (round robin over the servers, every 10 ms), each with its publish
 * time in `time`; clients measure publish -> receipt. First `--baseline` clients are connected and measured, then the
 * rest up to `--clients`, measured the same way. Per phase: connected clients, connect + join time, events published
 * and delivered per second, deliveries lost (poll results are droppable for connections that are behind),
 * p50/p99/max latency, the gateway's CPU (/proc/<pid>/stat) and RSS, and the client processes' CPU. Verdict: every
 * phase must have no failed connection, no lost delivery and p99 < 100 ms, and the last one 10,000 clients.
 * Needs PostgreSQL and NATS (DATABASE_URL / NATS_URL, or the local defaults); creates and drops its own database.
 * Every socket is a file descriptor in the gateway and in a client process: the script re-runs itself with the
 * soft `ulimit -n` raised to the hard limit when that is needed (and says so when the hard limit is too low).
 */
import { spawnSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Messaging } from '@app/messaging';
import {
  createTestDatabase,
  deleteNamespaceStreams,
  ensureTemplateDatabase,
  metricValue,
  resolveTestServices,
  ServiceProcess,
  serviceEnv,
  testNamespace,
} from '@app/testing';
import type { FromClients, ToClients } from './bench-clients';
import { Publisher, seed } from './bench-fleet';
import { cpuPressureMicros, cpuSeconds, histogramQuantiles, NatsReference, quantile, rssMb } from './bench-measure';

const { values } = parseArgs({
  options: {
    /** Socket.IO clients in the last phase. */
    clients: { type: 'string', default: '10000' },
    /** Servers (rooms); client i joins server i mod rooms. */
    rooms: { type: 'string', default: '500' },
    /** Poll results published per second over all servers. */
    rate: { type: 'string', default: '500' },
    /** Measured seconds per phase (after a warm-up of 3 s). */
    seconds: { type: 'string', default: '20' },
    /** Clients of the first (baseline) phase; 0 = no baseline phase. */
    baseline: { type: 'string', default: '1000' },
    /** Client processes. */
    workers: { type: 'string', default: '2' },
    /** Scrape the gateway's /metrics every this many seconds during the window, as Prometheus would (0 = never). */
    scrape: { type: 'string', default: '15' },
    /** NODE_OPTIONS of the gateway process (e.g. `--cpu-prof --cpu-prof-dir=DIR`, written at its SIGTERM exit). */
    'node-options': { type: 'string' },
  },
});
const CLIENTS = Number(values.clients);
const ROOMS = Number(values.rooms);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const BASELINE = Math.min(Number(values.baseline), CLIENTS);
const WORKERS = Math.max(1, Number(values.workers));
const SCRAPE_S = Number(values.scrape);
const WARMUP_MS = 3000;
/** After the last publish, time for the events still in flight to arrive (slower ones count as lost). */
const DRAIN_MS = 3000;
const GOAL = 'goal: 10,000 clients on one gateway process, p99 publish -> receipt < 100 ms';
const out = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Re-runs this script with the soft file-descriptor limit raised when the clients need more than it allows. */
function ensureFileLimit(): void {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const match = /Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/.exec(limits);
  const soft = match?.[1] === 'unlimited' ? Infinity : Number(match?.[1] ?? 1024);
  const hard = match?.[2] === 'unlimited' ? Infinity : Number(match?.[2] ?? 1024);
  // The gateway holds every socket, plus its database and NATS connections and some slack.
  const needed = CLIENTS + 512;
  if (soft >= needed || process.env.GSM_BENCH_ULIMIT_RAISED) return;
  if (hard < needed) {
    throw new Error(
      `${CLIENTS} clients need about ${needed} open files per process, and the hard limit (ulimit -Hn) is ${hard}: ` +
        'raise it (e.g. in /etc/security/limits.conf) or use fewer --clients',
    );
  }
  out(`raising the soft open-files limit from ${soft} to ${hard === Infinity ? 'unlimited' : hard} (ulimit -n)`);
  const script = 'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"';
  const result = spawnSync('/bin/sh', ['-c', script, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, GSM_BENCH_ULIMIT_RAISED: '1' },
  });
  process.exit(result.status ?? 1);
}

/** One forked client process and a way to wait for its next answer. */
class ClientWorker {
  private readonly answers: FromClients[] = [];
  private waiting: ((m: FromClients) => void) | undefined;

  constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromClients) => {
      if (this.waiting) {
        const wake = this.waiting;
        this.waiting = undefined;
        wake(m);
      } else this.answers.push(m);
    });
  }

  static start(): ClientWorker {
    return new ClientWorker(
      fork(join(__dirname, 'bench-clients.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
  }

  send(message: ToClients): void {
    this.child.send(message);
  }

  next<T extends FromClients['type']>(type: T, timeoutMs = 300_000): Promise<Extract<FromClients, { type: T }>> {
    const queued = this.answers.shift();
    if (queued) return Promise.resolve(queued as Extract<FromClients, { type: T }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`client process: no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiting = (m) => {
        clearTimeout(timer);
        if (m.type !== type) reject(new Error(`client process answered ${m.type}, expected ${type}`));
        else resolve(m as Extract<FromClients, { type: T }>);
      };
    });
  }
}

interface Phase {
  clients: number;
  connectSeconds: number;
  failed: number;
  events: number;
  eventsPerSecond: number;
  deliveredPerSecond: number;
  lost: number;
  p50: number;
  p99: number;
  max: number;
  gatewayCores: number;
  rss: number;
  clientCores: number;
  gaugeClients: number;
  gatewayLag: { p99: number; max: number };
  gatewayAge: { p50: number; p99: number };
  gatewayEmit: { p50: number; p99: number };
  nats: { p99: number; max: number };
  clientLag: { p99: number; max: number };
  cpuPressure: number | null;
}

async function main(): Promise<void> {
  ensureFileLimit();
  const services = await resolveTestServices();
  await ensureTemplateDatabase(services.databaseUrl);
  const db = await createTestDatabase(services.databaseUrl);
  const prefix = testNamespace();
  const messaging = await Messaging.connect({ servers: services.natsUrl, service: 'bench', prefix });
  const workers: ClientWorker[] = [];
  let gateway: ServiceProcess | undefined;
  try {
    const seeded = await seed(db.url, ROOMS, CLIENTS);
    gateway = ServiceProcess.start(
      'realtime-gateway',
      serviceEnv(
        db.url,
        prefix,
        values['node-options'] ? { NODE_OPTIONS: values['node-options'] } : {},
        services.natsUrl,
      ),
    );
    const port = await gateway.ready(30_000);
    const pid = gateway.child.pid!;
    // Its log is info lines at start and per connection problem only; keep the process from buffering it forever.
    gateway.output.length = 0;
    gateway.child.stdout?.removeAllListeners('data');
    gateway.child.stdout?.resume();
    for (let i = 0; i < WORKERS; i++) workers.push(ClientWorker.start());
    const publisher = new Publisher(messaging, seeded, RATE);
    const reference = new NatsReference(messaging);

    out(
      `bench:realtime  one realtime-gateway process, ${WORKERS} client processes (websocket), this process publishes; node ${process.version}`,
    );
    out(
      `${ROOMS} servers (rooms), ${RATE} poll results/s published in total (${(RATE / ROOMS).toFixed(2)}/s per room), ` +
        `${SECONDS} s measured per phase after a ${WARMUP_MS / 1000} s warm-up`,
    );
    out(
      'clients  connect+join s  failed  events/s  delivered/s  lost  p50 ms  p99 ms  max ms  gateway CPU (cores)  RSS MB  clients CPU (cores)',
    );
    publisher.start();
    const phases: Phase[] = [];
    let opened = 0;
    for (const target of [...(BASELINE > 0 && BASELINE < CLIENTS ? [BASELINE] : []), CLIENTS]) {
      const started = Date.now();
      // Clients [opened, target) split over the workers in contiguous ranges (room = index mod rooms).
      const per = Math.ceil((target - opened) / WORKERS);
      const ranges = workers.map((_, w) => [opened + w * per, Math.min(target, opened + (w + 1) * per)] as const);
      ranges.forEach(([from, to], w) =>
        workers[w]!.send({
          type: 'open',
          port,
          tokens: seeded.tokens,
          servers: seeded.servers,
          from,
          to,
          concurrency: 50,
        }),
      );
      const openedAnswers = await Promise.all(workers.map((w) => w.next('opened')));
      const failed = openedAnswers.reduce((sum, a) => sum + a.failed, 0);
      for (const a of openedAnswers) for (const e of a.errors) out(`  a client failed: ${e}`);
      const connectSeconds = (Date.now() - started) / 1000;
      opened = target;

      await sleep(WARMUP_MS);
      // A scrape resets the gateway's event-loop delay monitor (prom-client), and gives the event-age buckets before.
      // It is timed: Prometheus scrapes every replica this way.
      const scrapeStarted = performance.now();
      const textBefore = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const scrapeMs = performance.now() - scrapeStarted;
      // The window is fixed in advance (after the scrape): clients count exactly the events published inside it.
      const start = Date.now() + 100;
      const end = start + SECONDS * 1000;
      for (const w of workers) w.send({ type: 'measure', start, end });
      reference.measure(start, end);
      await sleep(start - Date.now());
      const scrapes: number[] = [];
      const scraper =
        SCRAPE_S > 0
          ? setInterval(() => {
              const began = performance.now();
              void fetch(`http://127.0.0.1:${port}/metrics`)
                .then((res) => res.text())
                .then(() => scrapes.push(performance.now() - began));
            }, SCRAPE_S * 1000)
          : undefined;
      const gatewayBefore = cpuSeconds(pid);
      const pressureBefore = cpuPressureMicros();
      const clientsBefore = workers.map((w) => cpuSeconds(w.child.pid!));
      await sleep(end - Date.now());
      clearInterval(scraper);
      const gatewayCpu = cpuSeconds(pid) - gatewayBefore;
      const clientCpu = workers.reduce((sum, w, i) => sum + cpuSeconds(w.child.pid!) - clientsBefore[i]!, 0);
      const rss = rssMb(pid);
      const pressureAfter = cpuPressureMicros();
      await sleep(DRAIN_MS);
      for (const w of workers) w.send({ type: 'report' });
      const reports = await Promise.all(workers.map((w) => w.next('report')));
      const histogram = new Map<number, number>();
      let received = 0;
      for (const r of reports) {
        received += r.received;
        for (const [ms, n] of r.histogram) histogram.set(ms, (histogram.get(ms) ?? 0) + n);
      }
      const seconds = (end - start) / 1000;
      const expected = publisher.expected(start, end, target);
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const phase: Phase = {
        clients: target,
        connectSeconds,
        failed,
        events: expected.events,
        eventsPerSecond: expected.events / seconds,
        deliveredPerSecond: received / seconds,
        lost: expected.deliveries - received,
        p50: quantile(histogram, received, 0.5),
        p99: quantile(histogram, received, 0.99),
        max: Math.max(...histogram.keys()),
        gatewayCores: gatewayCpu / seconds,
        rss,
        clientCores: clientCpu / seconds,
        gaugeClients: metricValue(text, 'gsm_realtime_connected_clients'),
        gatewayLag: {
          p99: metricValue(text, 'gsm_nodejs_eventloop_lag_p99_seconds') * 1000,
          max: metricValue(text, 'gsm_nodejs_eventloop_lag_max_seconds') * 1000,
        },
        gatewayAge: histogramQuantiles(textBefore, text, 'gsm_realtime_event_age_seconds'),
        gatewayEmit: histogramQuantiles(textBefore, text, 'gsm_realtime_emit_latency_seconds'),
        nats: reference.quantiles(),
        cpuPressure:
          pressureBefore === null || pressureAfter === null ? null : (pressureAfter - pressureBefore) / 1e6 / seconds,
        clientLag: {
          p99: Math.max(...reports.map((r) => r.loopDelayP99)),
          max: Math.max(...reports.map((r) => r.loopDelayMax)),
        },
      };
      phases.push(phase);
      out(
        [
          String(phase.clients).padStart(7),
          phase.connectSeconds.toFixed(1).padStart(14),
          String(phase.failed).padStart(6),
          phase.eventsPerSecond.toFixed(0).padStart(8),
          phase.deliveredPerSecond.toFixed(0).padStart(11),
          String(phase.lost).padStart(4),
          String(phase.p50).padStart(6),
          String(phase.p99).padStart(6),
          String(phase.max).padStart(6),
          `${gatewayCpu.toFixed(2)} s (${phase.gatewayCores.toFixed(2)})`.padStart(19),
          phase.rss.toFixed(0).padStart(6),
          phase.clientCores.toFixed(2).padStart(19),
        ].join('  '),
      );
      out(
        `         p99 by leg: publish -> plain NATS subscriber here ${phase.nats.p99} ms (max ${phase.nats.max}); ` +
          `publish -> gateway emit <= ${phase.gatewayAge.p99} ms; gateway NATS receipt -> emit <= ` +
          `${phase.gatewayEmit.p99} ms (gateway histograms: bucket bounds)`,
      );
      out(
        `         event-loop delay (10 ms sampling included): gateway p99 ${phase.gatewayLag.p99.toFixed(0)} ms, ` +
          `max ${phase.gatewayLag.max.toFixed(0)} ms; client processes p99 ${phase.clientLag.p99.toFixed(0)} ms, ` +
          `max ${phase.clientLag.max.toFixed(0)} ms; machine CPU pressure ` +
          `${phase.cpuPressure === null ? 'unknown' : `${(phase.cpuPressure * 100).toFixed(0)} %`} of the window`,
      );
      out(
        `         gateway /metrics: ${phase.gaugeClients} connected clients, ` +
          `heap used ${(metricValue(text, 'gsm_nodejs_heap_size_used_bytes') / 1e6).toFixed(0)} MB, ` +
          `${metricValue(text, 'gsm_realtime_rooms')} rooms, ` +
          `${metricValue(text, 'gsm_realtime_event_skips_total')} poll results skipped for connections behind (whole run); ` +
          `/metrics scrapes took ${[scrapeMs, ...scrapes].map((ms) => ms.toFixed(0)).join(', ')} ms ` +
          `(before the window${SCRAPE_S > 0 ? `, then every ${SCRAPE_S} s inside it` : ''})`,
      );
    }
    publisher.stop();
    const last = phases[phases.length - 1]!;
    out(GOAL);
    // Every phase is judged, not only the last: a failed connection, a lost delivery (one that did not arrive
    // within DRAIN_MS of the last publish) or a p99 over the goal in any phase fails the run.
    const problems = (p: Phase) =>
      [
        p.failed > 0 ? `${p.failed} connections failed` : '',
        p.lost > 0 ? `${p.lost} deliveries lost` : '',
        p.lost < 0 ? `${-p.lost} deliveries more than published` : '',
        p.p99 >= 100 ? `p99 ${p.p99} ms` : '',
      ].filter(Boolean);
    for (const p of phases) {
      const wrong = problems(p);
      out(`phase of ${p.clients} clients: ${wrong.length === 0 ? 'ok' : `NOT ok (${wrong.join(', ')})`}`);
    }
    const met = last.clients >= 10_000 && last.gaugeClients >= 10_000 && phases.every((p) => problems(p).length === 0);
    out(
      `result: ${last.gaugeClients} clients connected to one process, p99 ${last.p99} ms at ` +
        `${last.deliveredPerSecond.toFixed(0)} deliveries/s, ${phases.reduce((n, p) => n + Math.max(0, p.lost), 0)} ` +
        `lost over ${phases.length} phases: goal ${met ? 'met' : 'NOT met'}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    if (gateway) {
      // A graceful shutdown with every client still connected: each gets a transport close.
      const { code, durationMs } = await gateway.stop('SIGTERM');
      out(`gateway stopped (SIGTERM) with every client connected: exit ${code} after ${durationMs} ms`);
    }
    for (const w of workers) if (w.child.connected) w.send({ type: 'close' });
    await sleep(500);
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    gateway?.kill();
    await deleteNamespaceStreams(messaging);
    await messaging.close();
    await db.drop();
    await services.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:realtime failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
