import { randomUUID } from 'node:crypto';
import { Subjects } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { SecretBox } from '@app/secrets';
import { Client } from 'pg';
import type { SimulatedServer } from './simulator';

/** Runs one query on a fresh connection (for test set-up and assertions). */
export async function sql<T extends object = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** The polling interval columns of the plan table, by metric kind. */
const INTERVAL_COLUMNS = {
  health: 'interval_health_seconds',
  power: 'interval_power_seconds',
  players: 'interval_players_seconds',
  production: 'interval_production_seconds',
  trains: 'interval_trains_seconds',
  drones: 'interval_drones_seconds',
  factory: 'interval_factory_seconds',
  generators: 'interval_generators_seconds',
  extractors: 'interval_extractors_seconds',
  drone_stations: 'interval_drone_stations_seconds',
  // Storage containers poll with the inventory, the session with health.
  inventory: 'interval_inventory_seconds',
  resource_sink: 'interval_resource_sink_seconds',
} as const;
export type IntervalKind = keyof typeof INTERVAL_COLUMNS;

/**
 * Plans are data: sets polling intervals (seconds) so that a test sees polls within seconds. A number sets every
 * kind; an object only the kinds it names. Applies to the plans named, or to every plan.
 */
export async function setPlanIntervals(
  url: string,
  seconds: number | Partial<Record<IntervalKind, number>>,
  planIds?: readonly string[],
): Promise<void> {
  const wanted = Object.entries(
    typeof seconds === 'number' ? Object.fromEntries(Object.keys(INTERVAL_COLUMNS).map((k) => [k, seconds])) : seconds,
  ) as [IntervalKind, number][];
  const params: unknown[] = wanted.map(([, v]) => v);
  const set = wanted.map(([k], i) => `${INTERVAL_COLUMNS[k]} = $${i + 1}`).join(', ');
  const where = planIds ? ` WHERE id = ANY($${params.push([...planIds])}::text[])` : '';
  await sql(url, `UPDATE plans SET ${set}${where}`, params);
}

/** Creates a user with a personal organisation on a plan, as registration will. */
export async function seedAccount(url: string, planId = 'free'): Promise<{ userId: string; orgId: string }> {
  const userId = randomUUID();
  const orgId = randomUUID();
  // A seeded account has a verified e-mail (issue 22): tests of verification sign up as a user does.
  const insert = `INSERT INTO users (id, email, name, password_hash, email_verified_at) VALUES ($1, $2, 'Pioneer', 'x', now())`;
  await sql(url, insert, [userId, `${userId}@example.com`]);
  await sql(url, `INSERT INTO organisations (id, name, personal, owner_user_id) VALUES ($1, 'Pioneer', true, $2)`, [
    orgId,
    userId,
  ]);
  await sql(url, `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'admin')`, [orgId, userId]);
  await sql(url, `INSERT INTO subscriptions (org_id, plan_id) VALUES ($1, $2)`, [orgId, planId]);
  return { userId, orgId };
}

/** Registers a simulated server for an organisation, its admin password sealed as the api-gateway seals it. */
export async function seedServer(
  url: string,
  orgId: string,
  sim: SimulatedServer,
  secretsKey: string,
  password = sim.admin_password,
): Promise<string> {
  const id = randomUUID();
  const sealed = new SecretBox(secretsKey).seal(password, id);
  await sql(
    url,
    `INSERT INTO servers (id, org_id, name, host, address, port, addon_http_port, addon_ws_port, admin_password_enc)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8)`,
    [id, orgId, `Server ${sim.port}`, sim.host, sim.port, sim.addon_http_port, sim.addon_ws_port, sealed],
  );
  return id;
}

/** Announces a registered server on NATS as the api-gateway does (server.registered.v1): pollers pick it up at once. */
export function announceServer(
  messaging: Messaging,
  serverId: string,
  orgId: string,
  sim: SimulatedServer,
  name = `Server ${sim.port}`,
): void {
  messaging.publish(Subjects.serverRegistered, {
    serverId,
    orgId,
    occurredAt: new Date().toISOString(),
    name,
    host: sim.host,
    address: sim.host,
    port: sim.port,
    addonHttpPort: sim.addon_http_port,
    addonWsPort: sim.addon_ws_port,
  });
}

/** Sums a Prometheus metric (all series matching the label filter) from a service's /metrics text. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}
