import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { PromiseCache } from '../common/promise-cache';
import { EXPOSED_KINDS, renderGameMetrics, type ExposedKind, type Row, type ServerSnapshot } from './game-metrics';
import { PrometheusRepository } from './prometheus.repository';

/** How long one organisation's exposition is reused: a pair of Prometheus replicas scraping together reads once. */
const CACHE_MS = 1_000;

/** The organisation's latest game metrics as a Prometheus exposition (every server, every exposed kind). */
@Injectable()
export class PrometheusService {
  private readonly cache: PromiseCache<string>;

  constructor(
    private readonly repository: PrometheusRepository,
    clock: Clock,
  ) {
    this.cache = new PromiseCache<string>(CACHE_MS, 10_000, clock);
  }

  exposition(orgId: string): Promise<string> {
    return this.cache.get(orgId, () => this.read(orgId));
  }

  private async read(orgId: string): Promise<string> {
    const [servers, polls, ...kindRows] = await Promise.all([
      this.repository.servers(orgId),
      this.repository.polls(orgId),
      ...EXPOSED_KINDS.map((kind) => this.repository.latestRows(orgId, kind)),
    ]);
    const snapshots = new Map<string, ServerSnapshot>(
      servers.map((s) => [
        s.server_id,
        { id: s.server_id, name: s.server_name, status: s.current_status, health: s.health, polls: [], rows: {} },
      ]),
    );
    for (const p of polls) (snapshots.get(p.server_id)?.polls as { kind: string; time: Date }[] | undefined)?.push(p);
    EXPOSED_KINDS.forEach((kind: ExposedKind, i) => {
      for (const row of kindRows[i]!) {
        const snapshot = snapshots.get(row.server_id);
        if (!snapshot) continue; // a server added between the reads: in the next scrape
        ((snapshot.rows[kind] ??= []) as Row[]).push(row);
      }
    });
    return renderGameMetrics([...snapshots.values()]);
  }
}
