import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  createTestDatabase,
  metricValue,
  seedAccount,
  ServiceProcess,
  serviceEnv,
  sql,
  testNamespace,
  type TestDatabase,
} from '@app/testing';
import { RealtimeClient } from './realtime-client';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const randomShareToken = () => `gsm_p_${randomBytes(32).toString('base64url')}`;

/**
 * The realtime gateway attacked as an attacker would: a flood of handshakes with random share tokens (each a
 * PostgreSQL lookup before), room joins in a loop, and a forged X-Forwarded-For; while a share viewer at another
 * address connects as usual. Gateways (one behind a "proxy": TRUST_PROXY=1, one without) and billing-limits as
 * processes; PostgreSQL's index statistics count the token lookups.
 */
describe('realtime-gateway under abuse: handshakes and room joins limited per address and connection', () => {
  let db: TestDatabase;
  const prefix = testNamespace();
  const processes: ServiceProcess[] = [];
  const clients: RealtimeClient[] = [];
  let proxied = 0;
  let proxied2 = 0;
  let direct = 0;
  let owner: { userId: string; orgId: string };
  let serverId = '';
  let share = '';
  let session = '';

  const start = async (app: string, extra: Record<string, string> = {}): Promise<number> => {
    const proc = ServiceProcess.start(app, serviceEnv(db.url, prefix, extra));
    processes.push(proc);
    return proc.ready(30_000);
  };
  const from = (address: string) => ({ extraHeaders: { 'X-Forwarded-For': address } });
  const metrics = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();

  /**
   * Share tokens PostgreSQL looked up: scans of share_links' token_hash index (its statistics; pg_stat_statements is
   * not loaded on these machines). A backend reports its statistics within 10 s of going idle: read after that.
   */
  const lookups = async (): Promise<number> => {
    await new Promise((r) => setTimeout(r, 11_000));
    const rows = await sql<{ scans: string }>(
      db.url,
      `SELECT coalesce(sum(idx_scan), 0)::text AS scans FROM pg_stat_user_indexes
        WHERE indexrelname = 'share_links_token_hash_key'`,
    );
    return Number(rows[0]!.scans);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    owner = await seedAccount(db.url, 'pro');
    serverId = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, 'Main base', '203.0.113.7', '203.0.113.7', 7777, '\\x00'::bytea)`,
      [serverId, owner.orgId],
    );
    share = randomShareToken();
    await sql(
      db.url,
      `INSERT INTO share_links (org_id, server_id, kind, token_hash, created_by) VALUES ($1, $2, 'overlay', $3, $4)`,
      [owner.orgId, serverId, sha256(share), owner.userId],
    );
    session = `gsm_s_${randomBytes(32).toString('base64url')}`;
    await sql(db.url, `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, $3)`, [
      owner.userId,
      sha256(session),
      new Date(Date.now() + 3_600_000),
    ]);
    await start('billing-limits');
    const limits = { REALTIME_JOINS_PER_SOCKET: '20', REALTIME_JOINS_PER_ADDRESS: '50' };
    proxied = await start('realtime-gateway', { ...limits, TRUST_PROXY: '1', LOG_LEVEL: 'debug' });
    direct = await start('realtime-gateway', limits);
    // A second replica behind the proxy: the per-address counters are shared (Redis).
    proxied2 = await start('realtime-gateway', { ...limits, TRUST_PROXY: '1' });
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const p of processes) p.kill();
    await db?.drop();
  });

  it('random share tokens from one address: 60 handshakes a minute are checked, the rest refused unread', async () => {
    const before = await lookups();
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, () =>
            RealtimeClient.refused(proxied, { token: randomShareToken() }, from('198.51.100.1')),
          ),
        )),
      );
    const queried = (await lookups()) - before;
    const limited = answers.filter((a) => a.message === 'Too many connection attempts from this address.');
    const unknown = answers.filter((a) => a.message === 'This share link is not valid (unknown link).');
    console.log(
      JSON.stringify({ attack: 'random share handshakes, 1 address', handshakes: 100, tokenLookups: queried }),
    );
    // 60 in the address's minute (a few more if the minute ends while the flood runs).
    expect(unknown.length).toBeGreaterThanOrEqual(60);
    expect(unknown.length).toBeLessThanOrEqual(66);
    expect(limited).toHaveLength(100 - unknown.length);
    expect(limited[0]!.data).toEqual({
      code: 'ServiceUnavailable',
      remedy: expect.stringMatching(/^Try again in \d+ seconds\.$/),
    });
    expect(queried).toBeLessThanOrEqual(60);
    // A share viewer at another address connects and gets its server's snapshot as usual.
    const viewer = await RealtimeClient.connect(proxied, { token: share }, from('203.0.113.50'));
    clients.push(viewer);
    expect((await viewer.next('server.snapshot.v1')).serverId).toBe(serverId);
    expect(metricValue(await metrics(proxied), 'gsm_realtime_handshakes_total', { outcome: 'rate_limited' })).toBe(
      limited.length,
    );
  }, 60_000);

  it('handshakes from one address spread over two replicas: 60 a minute in all, not 60 each', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, n) =>
            RealtimeClient.refused(n % 2 ? proxied : proxied2, { token: randomShareToken() }, from('198.51.100.2')),
          ),
        )),
      );
    const limited = answers.filter((a) => a.message === 'Too many connection attempts from this address.');
    // One minute's window shared in Redis: exactly 60 checked (each replica on its own in memory admitted 60).
    expect(answers.filter((a) => a.message === 'This share link is not valid (unknown link).')).toHaveLength(60);
    expect(limited).toHaveLength(40);
    expect(metricValue(await metrics(proxied2), 'gsm_realtime_rate_limited_total')).toBeGreaterThan(0);
  }, 60_000);

  it('without TRUST_PROXY a forged X-Forwarded-For does not buy a fresh allowance', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, n) =>
            RealtimeClient.refused(direct, { token: randomShareToken() }, from(`198.51.100.${i * 20 + n + 1}`)),
          ),
        )),
      );
    expect(answers.filter((a) => a.message.startsWith('Too many connection attempts')).length).toBeGreaterThanOrEqual(
      14,
    );
  }, 60_000);

  it('room joins: 20 a minute per connection, 50 per address; another address joins as usual', async () => {
    const sockets: RealtimeClient[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await RealtimeClient.connect(proxied, { token: session }, from('198.51.100.30'));
      clients.push(c);
      sockets.push(c);
    }
    const first = await Promise.all(Array.from({ length: 30 }, () => sockets[0]!.join({ serverId })));
    const tooMany = (a: { ok: boolean; error?: string }) => !a.ok && /^Too many room requests/.test(a.error ?? '');
    expect(first.filter((a) => a.ok)).toHaveLength(20);
    expect(first.filter(tooMany)).toHaveLength(10);
    // Two more connections from the same address: 30 joins left for the address, whatever the connection.
    const more = await Promise.all(
      sockets.slice(1).flatMap((s) => Array.from({ length: 20 }, () => s.join({ serverId }))),
    );
    // 50 a minute per address (a few more if its minute ends while the connections open).
    const allowed = more.filter((a) => a.ok).length;
    expect(allowed).toBeGreaterThanOrEqual(30);
    expect(allowed).toBeLessThanOrEqual(34);
    expect(more.filter(tooMany)).toHaveLength(40 - allowed);
    const other = await RealtimeClient.connect(proxied, { token: session }, from('203.0.113.60'));
    clients.push(other);
    expect(await other.join({ serverId })).toEqual({ ok: true });
    expect(metricValue(await metrics(proxied), 'gsm_realtime_room_joins_total', { outcome: 'rate_limited' })).toBe(
      10 + 40 - allowed,
    );
  }, 60_000);

  it('logs no share token', () => {
    const log = processes.map((p) => p.output.join('\n')).join('\n');
    expect(log).not.toContain(share.slice(6));
    expect(log).toMatch(/handshake refused/);
  });
});
