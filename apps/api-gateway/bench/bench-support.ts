/*
 * Helpers of bench:api: the seeded organisation, the CPU and memory of a process, the quiet log of a service.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { seedAccount, type ServiceProcess, sql } from '@app/testing';

/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat (100 on every Linux architecture Node supports). */
const CLOCK_TICKS = 100;

/** User + system CPU seconds a process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * A service's log lines are no longer kept in memory (a line per request) and cost this process (the load generator)
 * little: bytes and lines are counted on the raw buffers; only chunks holding a warning or an error are decoded.
 */
export function quiet(proc: ServiceProcess): { bytes: number; lines: number; problems: string[] } {
  const log = { bytes: 0, lines: 0, problems: [] as string[] };
  const keep = (text: string) => {
    for (const line of text.split('\n')) {
      if (line === '' || line.includes('"level":30')) continue;
      log.problems.push(line);
      if (log.problems.length > 50) log.problems.shift();
    }
  };
  proc.child.stdout?.removeAllListeners('data');
  proc.child.stdout?.on('data', (chunk: Buffer) => {
    log.bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) log.lines++;
    if (chunk.includes('"level":40') || chunk.includes('"level":50') || chunk.includes('"level":60'))
      keep(chunk.toString('utf8'));
  });
  proc.child.stderr?.removeAllListeners('data');
  proc.child.stderr?.on('data', (chunk: Buffer) => keep(chunk.toString('utf8')));
  return log;
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

export interface Seeded {
  serverId: string;
  token: string;
  session: string;
  orgId: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A Pro organisation with one server, five health samples, its `latest` health row and an API token. */
export async function seed(url: string, dailyQuota: number): Promise<Seeded> {
  await sql(url, `UPDATE plans SET api_daily_quota = $1 WHERE id = 'pro'`, [dailyQuota]);
  const { userId, orgId } = await seedAccount(url, 'pro');
  const serverId = randomUUID();
  await sql(
    url,
    `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
     VALUES ($1, $2, 'bench', '127.0.0.1', '127.0.0.1', 7777, '\\x00'::bytea)`,
    [serverId, orgId],
  );
  await sql(
    url,
    `INSERT INTO server_states (server_id, status, addon_status, last_seen_at) VALUES ($1, 'online', 'available', now())`,
    [serverId],
  );
  await sql(
    url,
    `INSERT INTO server_metrics (time, server_id, status, tick_rate, player_count, player_limit, tech_tier, game_phase,
                                 game_phase_number, is_running, is_paused, total_duration, session_name, latency_ms)
     SELECT now() - make_interval(secs => 10 * i), $1, 'online', 29.7 - i * 0.1, 3, 4, 6,
            '/Script/FactoryGame.FGGamePhase''/Game/FactoryGame/GamePhases/GP_Project_Assembly_Phase_2.GP_Project_Assembly_Phase_2''',
            2, true, false, 96654 - 10 * i, 'Session', 1.2
     FROM generate_series(0, 4) AS i`,
    [serverId],
  );
  await sql(
    url,
    `INSERT INTO latest (server_id, kind, time, data) SELECT server_id, 'health', time, $2::jsonb
     FROM server_metrics WHERE server_id = $1 ORDER BY time DESC LIMIT 1`,
    [serverId, JSON.stringify({ tickRate: 29.7, playerCount: 3, techTier: 6 })],
  );
  // As POST /api/v1/tokens stores one (bearer-tokens.ts): the SHA-256 of `gsm_t_<base64url of 32 random bytes>`.
  const token = `gsm_t_${randomBytes(32).toString('base64url')}`;
  await sql(
    url,
    `INSERT INTO api_tokens (org_id, user_id, name, prefix, token_hash, scopes)
     VALUES ($1, $2, 'bench', $3, $4, ARRAY['servers:read', 'metrics:read'])`,
    [orgId, userId, token.slice(0, 12), sha256(token)],
  );
  // A dashboard session of the same user: the baseline's fallback while /health/live wants a bearer token.
  const session = `gsm_s_${randomBytes(32).toString('base64url')}`;
  await sql(url, `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    userId,
    sha256(session),
  ]);
  return { serverId, token, session, orgId };
}
