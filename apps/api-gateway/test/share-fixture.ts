import { randomUUID } from 'node:crypto';
import { signUpAndIn, sql } from '@app/testing';
import { storePolls } from './stored-polls';

/**
 * A new Pro account (`email`) with one server (its polls of `newest` stored, observed online) and a dashboard share
 * link of it, made through the API at `base`; answers the share token.
 */
export async function shareOfNewServer(
  base: string,
  databaseUrl: string,
  email: string,
  server: { name: string; port: number; newest: Date },
): Promise<string> {
  const { token } = await signUpAndIn(base, email, 'correct horse battery', 'Ada');
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const me = (await (await fetch(`${base}/api/v1/me`, { headers: auth })).json()) as { organisation_id: string };
  const plan = await fetch(`${base}/api/v1/billing/subscription`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ plan: 'pro' }),
  });
  if (plan.status !== 200) throw new Error(`PUT /billing/subscription answered ${plan.status}`);
  const serverId = randomUUID();
  await sql(
    databaseUrl,
    `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
     VALUES ($1, $2, $3, '127.0.0.1', '127.0.0.1', $4, '\\x00')`,
    [serverId, me.organisation_id, server.name, server.port],
  );
  await sql(databaseUrl, `INSERT INTO server_states (server_id, addon_status) VALUES ($1, 'available')`, [serverId]);
  await storePolls(databaseUrl, serverId, me.organisation_id, server.newest, { health: true });
  const created = await fetch(`${base}/api/v1/servers/${serverId}/shares`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ kind: 'dashboard' }),
  });
  if (created.status !== 201) throw new Error(`POST /servers/:id/shares answered ${created.status}`);
  return ((await created.json()) as { token: string }).token;
}
