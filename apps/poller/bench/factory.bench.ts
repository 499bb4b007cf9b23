/*
 * npm run bench:factory [-- --buildings 338 --rounds 5 --seconds 1.5]
 *
 * The poller's per-poll cost of a large getFactory (~460 KB, 338 buildings, built like the reference's live capture:
 * large-factory.ts) against its bare baseline in the same run: a plain `JSON.parse` of the same bytes.
 *
 *   bare      JSON.parse(text)
 *   poller    JSON.parse(text) + parseFactory (the FRM parser) + eventDataOf (the poll result's summary) + rowsOf
 *             (the sample rows) + copyText (COPY's text encoding of the rows), what the worker and the writer do
 *             with one getFactory answer in the poller's process
 *
 * Each round runs bare, then poller, then each stage alone (on the parsed body / records / rows of the round), each
 * for `--seconds`, and prints CPU microseconds (user + system of this process) per poll. Goal: poller < 2x bare in
 * every round; the exit code is 1 when a round misses it. No services needed.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { copyText } from '@app/database';
import { parseFactory } from '@app/game-client';
import { eventDataOf, factory, rowsOf } from '@app/samples';
import { largeFactory } from './large-factory';

const { values } = parseArgs({
  options: {
    buildings: { type: 'string', default: '338' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '1.5' },
  },
});
const BUILDINGS = Number(values.buildings);
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const GOAL = 2;
const out = (line: string) => process.stdout.write(`${line}\n`);

/** Keeps results alive so the engine cannot drop the work. */
let sink = 0;

/** Runs `work` for about `seconds`, returns CPU µs per call (user + system) and the calls made. */
function measure(work: () => number, seconds: number): { us: number; calls: number } {
  const deadline = performance.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  let calls = 0;
  while (performance.now() < deadline) {
    // Batches of 5 between clock reads: a call is ~1 ms, the clock is read seldom enough to cost nothing.
    for (let i = 0; i < 5; i++) sink += work();
    calls += 5;
  }
  const used = process.cpuUsage(cpu);
  return { us: (used.user + used.system) / calls, calls };
}

function main(): void {
  const body = largeFactory(BUILDINGS);
  const text = body.text;
  const time = new Date('2026-11-27T12:00:00Z');
  const serverId = '5b0b5d0e-3c1e-4c52-9a51-4a3f0d3e2f10';
  const session = 'Bench Save';

  const poll = (): number => {
    const { records } = parseFactory(JSON.parse(text));
    const summary = eventDataOf(factory, records) as { buildings: number };
    return copyText(rowsOf(factory, time, serverId, records, session)).length + summary.buildings;
  };
  const check = parseFactory(JSON.parse(text));
  if (check.records.length !== BUILDINGS || check.skipped !== 0)
    throw new Error(`the parser read ${check.records.length} of ${BUILDINGS} buildings (${check.skipped} skipped)`);
  const rows = rowsOf(factory, time, serverId, check.records, session);
  const copyBytes = Buffer.byteLength(copyText(rows));
  const summary = eventDataOf(factory, check.records);

  out(
    `bench:factory  getFactory of ${body.buildings} buildings, ${body.bytes.toLocaleString('en')} bytes (${(body.bytes / 1000).toFixed(0)} KB; the reference: ~460 KB for 338), ${rows.length} rows, COPY text ${copyBytes.toLocaleString('en')} bytes`,
  );
  out(`summary of the poll: ${JSON.stringify(summary)}`);
  out(
    `node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${ROUNDS} rounds, ${SECONDS} s per mode and stage, CPU µs (user + system) per poll`,
  );
  // Warm-up: both paths compiled by the optimising tier before anything is measured.
  measure(() => (JSON.parse(text) as unknown[]).length, 1);
  measure(poll, 2);

  out('round  bare JSON.parse  poller (all)  ratio  verdict   stages: parseFactory  eventDataOf  rowsOf  copyText');
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const bare = measure(() => (JSON.parse(text) as unknown[]).length, SECONDS);
    const all = measure(poll, SECONDS);
    const parsedBody: unknown = JSON.parse(text);
    const parse = measure(() => parseFactory(parsedBody).records.length, SECONDS);
    const records = parseFactory(parsedBody).records;
    const events = measure(() => (eventDataOf(factory, records) as { buildings: number }).buildings, SECONDS);
    const build = measure(() => rowsOf(factory, time, serverId, records, session).length, SECONDS);
    const built = rowsOf(factory, time, serverId, records, session);
    const encode = measure(() => copyText(built).length, SECONDS);
    const ratio = all.us / bare.us;
    ratios.push(ratio);
    out(
      [
        String(round).padStart(5),
        `${bare.us.toFixed(0)} µs`.padStart(15),
        `${all.us.toFixed(0)} µs`.padStart(13),
        `${ratio.toFixed(2)}x`.padStart(6),
        (ratio < GOAL ? 'met' : 'MISSED').padEnd(8),
        `${parse.us.toFixed(0)} µs`.padStart(22),
        `${events.us.toFixed(0)} µs`.padStart(12),
        `${build.us.toFixed(0)} µs`.padStart(7),
        `${encode.us.toFixed(0)} µs`.padStart(9),
      ].join('  '),
    );
  }
  const missed = ratios.filter((r) => r >= GOAL).length;
  out(
    `goal: poller < ${GOAL}x bare JSON.parse in every round: ${missed === 0 ? 'met' : `NOT met (${missed} of ${ROUNDS} rounds)`}; ratios ${ratios.map((r) => r.toFixed(2)).join(', ')} (checksum ${sink % 1000})`,
  );
  if (missed > 0) process.exitCode = 1;
}

main();
