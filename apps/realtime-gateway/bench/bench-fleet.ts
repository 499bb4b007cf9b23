/*
 * The fleet of `npm run bench:realtime`: what is seeded (an organisation, its servers, dashboard sessions) and the
 * publisher of poll results on NATS, which stamps each with its publish time.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Subjects, type PollResult } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { seedAccount, sql } from '@app/testing';

/** Publishes are batched on this tick. */
const TICK_MS = 10;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Seeded {
  orgId: string;
  servers: string[];
  tokens: string[];
}

/** An organisation with `rooms` servers (state and a `latest` health row each) and one session per 100 clients. */
export async function seed(url: string, rooms: number, clients: number): Promise<Seeded> {
  const { userId, orgId } = await seedAccount(url, 'enterprise');
  const rows = await sql<{ id: string }>(
    url,
    `INSERT INTO servers (org_id, name, host, address, port, admin_password_enc)
     SELECT $1, 'bench ' || i, '127.0.0.1', '127.0.0.1', 10000 + i, '\\x00'::bytea FROM generate_series(1, $2) AS i
     RETURNING id`,
    [orgId, rooms],
  );
  const servers = rows.map((r) => r.id);
  await sql(
    url,
    `INSERT INTO server_states (server_id, status, addon_status, last_seen_at)
     SELECT id, 'online', 'available', now() FROM servers WHERE org_id = $1`,
    [orgId],
  );
  await sql(
    url,
    `INSERT INTO latest (server_id, kind, time, data) SELECT id, 'health', now(), $2::jsonb FROM servers WHERE org_id = $1`,
    [orgId, JSON.stringify(healthData(29.9))],
  );
  const tokens: string[] = [];
  for (let i = 0; i < Math.max(1, Math.ceil(clients / 100)); i++) {
    const token = `gsm_s_${randomBytes(32).toString('base64url')}`;
    tokens.push(token);
    await sql(url, `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      userId,
      sha256(token),
    ]);
  }
  return { orgId, servers, tokens };
}

export function healthData(tickRate: number): Extract<PollResult, { kind: 'health' }>['data'] {
  return {
    status: 'online',
    tickRate,
    playerCount: 3,
    playerLimit: 4,
    techTier: 6,
    gamePhase: 'None',
    gamePhaseNumber: 2,
    gamePhaseName: 'Project Assembly Phase 2',
    isRunning: true,
    isPaused: false,
    totalDuration: 96_654,
    sessionName: 'Northern Forest',
    latencyMs: 1.2,
  };
}

/** Publishes `rate` poll results per second, round robin over the servers, every TICK_MS; counts by publish time. */
export class Publisher {
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private owed = 0;
  /** [publish time ms, server index] of every event published. */
  readonly published: [number, number][] = [];

  constructor(
    private readonly messaging: Messaging,
    private readonly seeded: Seeded,
    private readonly rate: number,
  ) {}

  start(): void {
    let last = Date.now();
    this.timer = setInterval(() => {
      const now = Date.now();
      this.owed += ((now - last) / 1000) * this.rate;
      last = now;
      for (; this.owed >= 1; this.owed--) {
        const index = this.next++ % this.seeded.servers.length;
        const time = Date.now();
        this.messaging.publish(Subjects.pollResult, {
          serverId: this.seeded.servers[index]!,
          orgId: this.seeded.orgId,
          kind: 'health',
          time: new Date(time).toISOString(),
          durationMs: 5,
          error: null,
          data: healthData(20 + (index % 10)),
        });
        this.published.push([time, index]);
      }
    }, TICK_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Deliveries expected for events published in [start, end]: each reaches every client of its room. */
  expected(start: number, end: number, clients: number): { events: number; deliveries: number } {
    let events = 0;
    let deliveries = 0;
    for (const [time, index] of this.published) {
      if (time < start || time > end) continue;
      events++;
      // Clients 0..clients-1, client i in room i mod rooms.
      const rooms = this.seeded.servers.length;
      deliveries += Math.floor(clients / rooms) + (index < clients % rooms ? 1 : 0);
    }
    return { events, deliveries };
  }
}
