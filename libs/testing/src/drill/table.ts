import type { DrillResult } from './drills';

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The cells of one drill's row. */
export function rowOf(r: DrillResult): string[] {
  const recovery =
    r.recoveryMs === null
      ? `not recovered (bound ${s(r.recoveryBoundMs)})`
      : `${s(r.recoveryMs)}${r.recoveryFrom === 'fault' ? '' : ' †'} (bound ${s(r.recoveryBoundMs)})`;
  const lost = r.unpolled > 0 ? `${r.lost} (+${r.unpolled} not polled ‡)` : String(r.lost);
  const alerts = r.alerts
    ? `${r.alerts.expected}/${r.alerts.delivered}${r.alerts.duplicates ? `, ${r.alerts.duplicates} doubled` : ''}`
    : '-';
  const k = r.sockets;
  const sockets =
    (k.dropped === 0 ? 'none dropped' : `${k.resynced}/${k.dropped} resynced`) + `, ${k.live}/${k.total} live`;
  const bad = (w: { total: number; ok: number }): string => `${w.total - w.ok}/${w.total}`;
  const api = `${bad(r.api.during)} / ${bad(r.api.after)}`;
  return [
    r.id,
    recovery,
    lost,
    String(r.eventsLost),
    String(r.duplicates),
    alerts,
    sockets,
    api,
    s(r.durationMs),
    r.passed ? 'PASS' : 'FAIL',
  ];
}

export const TABLE_HEADER = [
  'drill',
  'recovery time',
  'samples lost',
  'events lost',
  'duplicate rows',
  'alerts (expected/delivered)',
  'socket resync',
  'API errors during / after',
  'drill time',
  'verdict',
];

/** The results as a Markdown table (padded, readable as plain text too), with its footnotes and every failure. */
export function formatTable(results: DrillResult[]): string {
  const rows = [TABLE_HEADER, ...results.map(rowOf)];
  const widths = TABLE_HEADER.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const out = [line(rows[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)];
  const foot: string[] = [];
  if (results.some((r) => r.recoveryFrom !== 'fault')) foot.push('† counted from the end of the fault (the flood)');
  if (results.some((r) => r.unpolled > 0))
    foot.push(
      '‡ slots not polled while the scheduler lease or NATS was away (by design: no replay), not counted as lost',
    );
  foot.push(
    'events lost: stored health samples and status changes whose event (poll.result.v1, server.status.v1) is not in JetStream',
  );
  foot.push(
    'API errors: failed calls / calls while the fault lasted (until recovery) / after the recovery; sockets "live": ' +
      'receiving deltas of every server after the recovery',
  );
  const failures = results.flatMap((r) =>
    r.checks.filter((c) => !c.ok).map((c) => `- ${r.id}: ${c.name}: ${c.detail.split('\n')[0]}`),
  );
  const notes = results.flatMap((r) => r.notes.map((n) => `- ${r.id}: ${n}`));
  return [
    ...out,
    '',
    ...foot,
    ...(notes.length ? ['', 'Notes:', ...notes] : []),
    ...(failures.length ? ['', 'Failed checks:', ...failures] : []),
  ].join('\n');
}
