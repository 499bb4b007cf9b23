// The API flow build-and-run.sh checks against the services running from the image, as a new user would:
// sign up, sign in, register the simulated server (POST /api/v1/servers), then read its metrics through the API
// until the poller (in its container) has polled and stored them. Prints one line per step; exits 1 on failure.
//
//   node deploy/podman/smoke.mjs <api base URL> <sim --json file> [<web base URL>]
//   node deploy/podman/smoke.mjs --delete-streams <nats url> <prefix>     (clean-up of a run's NATS namespace)
import { readFileSync } from 'node:fs';

const say = (m) => process.stdout.write(`smoke: ${m}\n`);
const fail = (m) => {
  process.stderr.write(`smoke: FAILED: ${m}\n`);
  process.exit(1);
};

async function deleteStreams(natsUrl, prefix) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  let n = 0;
  for await (const name of jsm.streams.names())
    if (name.startsWith(`${prefix.toUpperCase()}_`) || name.startsWith(`KV_${prefix}-`)) {
      await jsm.streams.delete(name);
      n++;
    }
  await nc.close();
  say(`deleted ${n} stream(s) of namespace ${prefix}`);
}

async function call(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { text: text.slice(0, 200) };
  }
  return { status: res.status, json };
}

async function flow(api, simFile, web) {
  const [sim] = JSON.parse(readFileSync(simFile, 'utf8'));
  if (!sim) fail(`no simulated server in ${simFile}`);
  const email = `podman-${Date.now()}@example.com`;
  const password = `podman-check-${Math.random().toString(36).slice(2)}-Aa1`;
  let res = await call(api, 'POST', '/api/v1/auth/register', null, { email, password, name: 'Podman Check' });
  if (![200, 201, 202].includes(res.status)) fail(`sign-up answered ${res.status} ${JSON.stringify(res.json)}`);
  say(`signed up ${email} (${res.status})`);
  res = await call(api, 'POST', '/api/v1/auth/login', null, { email, password });
  if (res.status !== 200 || !res.json?.token) fail(`sign-in answered ${res.status} ${JSON.stringify(res.json)}`);
  const token = res.json.token;
  say('signed in');
  const t0 = Date.now();
  res = await call(api, 'POST', '/api/v1/servers', token, {
    name: 'Podman simulated server',
    host: sim.host,
    port: sim.port,
    admin_password: sim.admin_password,
    addon_http_port: sim.addon_http_port,
    addon_ws_port: sim.addon_ws_port,
  });
  if (res.status !== 201) fail(`POST /api/v1/servers answered ${res.status} ${JSON.stringify(res.json)}`);
  const id = res.json.id;
  say(`registered ${sim.host}:${sim.port} as server ${id} in ${Date.now() - t0} ms`);
  const deadline = Date.now() + 90_000;
  let latest;
  for (;;) {
    latest = await call(api, 'GET', `/api/v1/servers/${id}/metrics/latest`, token);
    if (latest.status === 200 && typeof latest.json?.tick_rate === 'number') break;
    if (Date.now() > deadline)
      fail(`no metrics within 90 s: GET metrics/latest answered ${latest.status} ${JSON.stringify(latest.json)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const m = latest.json;
  say(
    `metrics through the API after ${((Date.now() - t0) / 1000).toFixed(1)} s: tick_rate ${m.tick_rate}, ` +
      `players ${m.player_count}, tier ${m.tech_tier}, phase ${m.game_phase_name ?? m.game_phase}`,
  );
  const dash = await call(api, 'GET', `/api/v1/servers/${id}/dashboard`, token);
  if (dash.status !== 200) fail(`GET dashboard answered ${dash.status}`);
  say(`dashboard: ${Object.keys(dash.json).length} kinds`);
  if (web) {
    const page = await fetch(`${web}/`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('id="root"')) fail(`web ${web}/ answered ${page.status}`);
    const viaWeb = await call(web, 'GET', `/api/v1/servers/${id}/metrics/latest`, token);
    if (viaWeb.status !== 200) fail(`web /api proxy answered ${viaWeb.status} ${JSON.stringify(viaWeb.json)}`);
    const hidden = await fetch(`${web}/health/ready`);
    if (hidden.status !== 404) fail(`web /health/ready answered ${hidden.status}, expected 404`);
    say('web image: dashboard served, /api proxied to the api-gateway container, /health hidden (404)');
  }
}

const args = process.argv.slice(2);
try {
  if (args[0] === '--delete-streams') await deleteStreams(args[1], args[2]);
  else await flow(args[0], args[1], args[2]);
} catch (error) {
  fail(error.stack ?? String(error));
}
