import { AddonStatus, PollKind, PollResult, ServerStatus, type ServerSnapshot } from '@app/contracts';
import type { SnapshotRows } from './snapshot.repository';

const KIND_ORDER = new Map(PollKind.options.map((k, i) => [k, i]));

/**
 * Turns a server's rows into a {@link ServerSnapshot}: each `latest` row becomes a PollResult-shaped entry (the
 * stored `data` of that kind, `error` null, `durationMs` 0), in the order of the poll kinds. A row that does not
 * match its kind's schema (written by an older poller, say) is left out and named in `skipped`, never sent.
 */
export function buildSnapshot(rows: SnapshotRows, now: Date): { snapshot: ServerSnapshot; skipped: string[] } {
  const latest: PollResult[] = [];
  const skipped: string[] = [];
  for (const row of rows.latest) {
    const parsed = PollResult.safeParse({
      serverId: rows.serverId,
      orgId: rows.orgId,
      kind: row.kind,
      time: row.time.toISOString(),
      durationMs: 0,
      error: null,
      data: row.data,
    });
    if (parsed.success) latest.push(parsed.data);
    else skipped.push(row.kind);
  }
  latest.sort((a, b) => (KIND_ORDER.get(a.kind) ?? 99) - (KIND_ORDER.get(b.kind) ?? 99));
  const state = rows.state;
  const status = ServerStatus.safeParse(state?.status);
  const addon = AddonStatus.safeParse(state?.addonStatus);
  return {
    snapshot: {
      serverId: rows.serverId,
      name: rows.name,
      status: status.success ? status.data : 'unknown',
      statusSince: state?.statusSince.toISOString() ?? null,
      addonStatus: addon.success ? addon.data : 'unknown',
      addonReason: state?.addonReason ?? null,
      lastSeenAt: state?.lastSeenAt?.toISOString() ?? null,
      lastError: state?.lastError ?? null,
      latest,
      sentAt: now.toISOString(),
    },
    skipped,
  };
}
