/*
 * Measuring helpers of `npm run bench:realtime`: process CPU and memory from /proc, the machine's CPU pressure,
 * quantiles of latency histograms, and a plain NATS subscriber as the reference path without the gateway.
 */
import { readFileSync } from 'node:fs';
import { Subjects } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { metricValue } from '@app/testing';

/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat (100 on every Linux architecture Node supports). */
const CLOCK_TICKS = 100;

/** User + system CPU seconds a process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * Microseconds during which at least one runnable task of the machine waited for a CPU (Linux PSI, "some"), or null
 * without PSI. Over a window it says how contended the machine was: these benchmarks share two cores with whatever
 * else runs.
 */
export function cpuPressureMicros(): number | null {
  try {
    return Number(/some .*total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? NaN);
  } catch {
    return null;
  }
}

export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** The q-quantile (0..1) of a whole-millisecond histogram. */
export function quantile(histogram: Map<number, number>, total: number, q: number): number {
  const rank = Math.max(1, Math.ceil(total * q));
  let seen = 0;
  for (const ms of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(ms)!;
    if (seen >= rank) return ms;
  }
  return NaN;
}

/**
 * p50 / p99 of one of the gateway's histograms (poll results only) between two scrapes, as bucket upper bounds (ms):
 * `gsm_realtime_event_age_seconds` (publish -> emit) or `gsm_realtime_emit_latency_seconds` (NATS receipt -> emit).
 */
export function histogramQuantiles(before: string, after: string, name: string): { p50: number; p99: number } {
  const bucket = `${name}_bucket`;
  const bounds = [...after.matchAll(new RegExp(`${bucket}\\{[^}]*le="([^"]+)"`, 'g'))]
    .map((m) => m[1]!)
    .filter((le, i, all) => all.indexOf(le) === i);
  const cumulative = bounds.map((le) => {
    const labels = { event: 'server.poll.v1', le };
    return [le, metricValue(after, bucket, labels) - metricValue(before, bucket, labels)] as const;
  });
  const total = cumulative[cumulative.length - 1]?.[1] ?? 0;
  const at = (q: number): number => {
    const hit = cumulative.find(([, n]) => n >= total * q);
    return hit && hit[0] !== '+Inf' ? Number(hit[0]) * 1000 : Infinity;
  };
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * The same events as seen by a plain NATS subscriber in this process: publish -> NATS -> back here, without the
 * gateway. The reference for what NATS and this machine add before the gateway is involved.
 */
export class NatsReference {
  private histogram = new Map<number, number>();
  private count = 0;
  private window: [number, number] = [Infinity, Infinity];

  constructor(messaging: Messaging) {
    messaging.nc.subscribe(messaging.naming.pattern(Subjects.pollResult), {
      callback: (_err, msg) => {
        const now = Date.now();
        const published = Date.parse((JSON.parse(new TextDecoder().decode(msg.data)) as { time: string }).time);
        if (published < this.window[0] || published > this.window[1]) return;
        const ms = Math.max(0, now - published);
        this.histogram.set(ms, (this.histogram.get(ms) ?? 0) + 1);
        this.count++;
      },
    });
  }

  measure(start: number, end: number): void {
    this.histogram = new Map();
    this.count = 0;
    this.window = [start, end];
  }

  quantiles(): { p99: number; max: number } {
    return { p99: quantile(this.histogram, this.count, 0.99), max: Math.max(...this.histogram.keys()) };
  }
}
