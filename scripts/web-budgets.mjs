// `npm run budgets:web`: the dashboard's budgets (issue 19), printed with every setting a figure depends on.
//   (a) the first page's JavaScript (the sign-in page at /login): the entry chunk and its static imports from Vite's
//       manifest (apps/web/dist/.vite/manifest.json), the lazily loaded sign-in route and what main.tsx loads at
//       start (the service worker's registration and the banners), each gzipped; at most 250 kB (250,000 bytes).
//   (b) Lighthouse 12.2.3 on Debian's Chromium, once per page, on the sign-in page, the servers page and a server's
//       dashboard (signed in): performance >= 90, accessibility >= 95, best practices >= 95.
// Exits 1 when a budget is missed (every failing audit is named), 2 when it could not measure.
//
//   node scripts/web-budgets.mjs                      builds nothing; starts the platform (npm start, 5 simulated
//                                                     servers, a demo account) and stops it afterwards
//   node scripts/web-budgets.mjs --base URL --email E --password P     measures a running platform instead
//   --no-lighthouse   only (a);   --json FILE   the figures as JSON;   --reports DIR   Lighthouse's HTML and JSON
//   reports (default test-results/lighthouse);   --preset mobile   Lighthouse's default (mobile) settings instead of
//   its desktop preset (the budget's; docs/benchmarks.md says why);   --gate a,b   the categories whose minimum decides
//   the exit code (default all three; every category is measured and printed either way). CI's browser tests
//   (apps/web/test/budgets.e2e-spec.ts) gate all three.
//   --cpu-slowdown N   the desktop preset with Lighthouse's simulated CPU N times slower (default 1, the preset's):
//   how the pages would score on a machine N times slower than this one (Lighthouse's benchmark index is printed).
// Needs `npm run build` (services and apps/web/dist) first.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'apps', 'web', 'dist');
const CHROMIUM = '/usr/bin/chromium';
const JS_LIMIT = 250_000;
const GZIP_LEVEL = 6; // zlib's default, what a compressing proxy in front of the api-gateway typically uses
/** Lighthouse's category ids and the minimum score of each (0-100). */
const THRESHOLDS = { performance: 90, accessibility: 95, 'best-practices': 95 };
/**
 * What the first page loads besides the entry: the sign-in route, and what main.tsx imports lazily at start on every
 * page but the overlay (the banners; lib/pwa.ts, which at once imports workbox-window to register the worker).
 * `follow`: that chunk's own dynamic imports are loaded at once too.
 */
const FIRST_PAGE_DYNAMIC = [
  { key: 'src/features/auth/index.ts', follow: false },
  { key: 'src/lib/pwa.ts', follow: true },
  { key: 'src/components/OfflineBanner.tsx', follow: false },
];
/** The overlay (for streaming software) loads the entry and its own route only: printed to keep an eye on it. */
const OVERLAY_DYNAMIC = [{ key: 'src/features/overlay/index.ts', follow: false }];
// The flags chrome-launcher (Lighthouse's own launcher) uses, plus a headless, sandbox-less Chromium for containers.
const CHROMIUM_FLAGS = (
  '--headless=new --no-sandbox --no-first-run --no-default-browser-check --disable-background-networking ' +
  '--disable-component-update --disable-default-apps --disable-extensions --disable-sync --mute-audio'
).split(' ');

const out = (line = '') => process.stdout.write(`${line}\n`);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

// ---------------------------------------------------------------------------------------------------------------
// (a) The first page's JavaScript

/** A page's JavaScript from Vite's manifest: the entry, the given dynamic entries, and all their static imports. */
function scriptsOf(manifest, dynamicEntries) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k === 'index.html');
  if (!entryKey) throw new Error('no index.html entry in the Vite manifest');
  const files = [];
  const seen = new Set();
  const visit = (key, why) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest (renamed? update scripts/web-budgets.mjs)`);
    if (seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push({ file: chunk.file, why });
    for (const imported of chunk.imports ?? [])
      visit(imported, why.startsWith('import of ') ? why : `import of ${why}`);
  };
  visit(entryKey, 'entry');
  for (const { key, follow } of dynamicEntries) {
    visit(key, key);
    if (follow) for (const nested of manifest[key].dynamicImports ?? []) visit(nested, `import of ${key}`);
  }
  return files;
}

function gzipped(files) {
  return files.map((f) => {
    const raw = readFileSync(join(DIST, f.file));
    return { ...f, bytes: raw.length, gzip: gzipSync(raw, { level: GZIP_LEVEL }).length };
  });
}

function measureJs() {
  const file = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the dashboard first (npm run build:web)`);
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const first = gzipped(scriptsOf(manifest, FIRST_PAGE_DYNAMIC));
  const overlay = gzipped(scriptsOf(manifest, OVERLAY_DYNAMIC));
  const total = first.reduce((s, f) => s + f.gzip, 0);
  out(`(a) JavaScript of the first page (/login), gzip level ${GZIP_LEVEL}, from apps/web/dist/.vite/manifest.json`);
  for (const f of first)
    out(`    ${f.file.padEnd(44)} ${kB(f.gzip).padStart(9)} gzip  ${kB(f.bytes).padStart(9)} raw  (${f.why})`);
  const ok = total <= JS_LIMIT;
  out(`    total ${kB(total)} gzip (limit ${kB(JS_LIMIT)}): ${ok ? 'ok' : 'MISSED'}`);
  const overlayTotal = overlay.reduce((s, f) => s + f.gzip, 0);
  out(`    for comparison, the overlay page loads ${kB(overlayTotal)} gzip in ${overlay.length} files (no limit)`);
  return { ok, limit: JS_LIMIT, gzipLevel: GZIP_LEVEL, total, files: first, overlay: { total: overlayTotal } };
}

// ---------------------------------------------------------------------------------------------------------------
// (b) Lighthouse

/** Debian's Chromium with a debugging port (read from its "DevTools listening on" line) and a throwaway profile. */
async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'gsm-lighthouse-'));
  const args = [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'];
  const child = spawn(CHROMIUM, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise((res, rej) => {
    let text = '';
    const timer = setTimeout(() => rej(new Error(`chromium printed no debugging port:\n${text}`)), 30_000);
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (m) {
        clearTimeout(timer);
        res(Number(m[1]));
      }
    });
    child.once('exit', (code) => rej(new Error(`chromium exited with ${code}:\n${text}`)));
  });
  return {
    port,
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Each page is measured as a first visit: no HTTP cache, no service worker, no Cache Storage. A signed-in page
 * needs the session token in localStorage (`gsm.session`), which Lighthouse's own storage reset would wipe, so this
 * step empties the origin's storage itself over CDP, writes the token from `/health` (a JSON answer of the same
 * origin: no page of the app runs, so no worker is registered) and Lighthouse runs with `disableStorageReset`.
 */
async function prepareOrigin(port, base, token) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'all' });
    await page.goto(`${base}/health`);
    await page.evaluate((t) => {
      globalThis.localStorage.clear();
      globalThis.sessionStorage.clear();
      globalThis.localStorage.setItem('gsm.locale', 'en');
      if (t) globalThis.localStorage.setItem('gsm.session', t);
    }, token);
    await page.goto('about:blank');
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    return browser.version();
  } finally {
    await browser.close(); // connected over CDP: disconnects, the browser stays
  }
}

/** An audit that counts and did not pass (Lighthouse's own bar: a score under 0.9 is not green), with where. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ ref, audit }) => audit.score !== null && audit.score < 0.9 && ref.weight > 0)
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      value: audit.displayValue ?? null,
      // The elements at fault (a11y and best-practice audits list them): the first few, by selector and text.
      where: (audit.details?.items ?? [])
        .map((item) => item.node)
        .filter(Boolean)
        .slice(0, 4)
        .map((node) => `${node.selector}${node.nodeLabel ? ` "${node.nodeLabel.slice(0, 40)}"` : ''}`),
    }));
}

async function runLighthouse(pages, preset, reportsDir, cpuSlowdown) {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const desktop =
    cpuSlowdown === 1
      ? desktopConfig
      : {
          ...desktopConfig,
          settings: {
            ...desktopConfig.settings,
            throttling: { ...desktopConfig.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown },
          },
        };
  const chrome = await launchChromium();
  const results = [];
  let version = '';
  try {
    for (const p of pages) {
      // A trace Lighthouse could not read ("run Lighthouse again", e.g. NO_NAVSTART on a busy machine) gets one
      // more run; a second failure is reported.
      for (let attempt = 1; ; attempt++) {
        version = await prepareOrigin(chrome.port, p.base, p.token);
        const runner = await lighthouse(
          p.url,
          {
            port: chrome.port,
            logLevel: 'error',
            output: ['html', 'json'],
            onlyCategories: Object.keys(THRESHOLDS),
            disableStorageReset: true,
          },
          preset === 'desktop' ? desktop : undefined,
        );
        if (!runner) throw new Error(`Lighthouse returned nothing for ${p.url}`);
        const { lhr } = runner;
        if (lhr.runtimeError) {
          const why = `Lighthouse on ${p.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
          if (attempt < 2) {
            out(`    (${why}; running it again)`);
            continue;
          }
          throw new Error(why);
        }
        mkdirSync(reportsDir, { recursive: true });
        writeFileSync(join(reportsDir, `${p.name}.html`), runner.report[0]);
        writeFileSync(join(reportsDir, `${p.name}.json`), runner.report[1]);
        results.push({ page: p, lhr });
        break;
      }
    }
  } finally {
    await chrome.close();
  }
  return { results, version };
}

/** Linux's CPU pressure (PSI): the share of the last minute in which some task waited for a core. */
function cpuPressure() {
  const avg60 = /avg60=([\d.]+)/.exec(
    existsSync('/proc/pressure/cpu') ? readFileSync('/proc/pressure/cpu', 'utf8') : '',
  );
  return avg60 ? `CPU pressure ${avg60[1]} % (PSI some avg60)` : 'CPU pressure unknown';
}

const METRICS =
  'first-contentful-paint largest-contentful-paint total-blocking-time cumulative-layout-shift speed-index'.split(' ');

function printLighthouse({ results, version }, preset, reportsDir, gate) {
  const s = results[0].lhr.configSettings;
  const env = results[0].lhr.environment;
  const screen = s.screenEmulation;
  out();
  out(`(b) Lighthouse ${results[0].lhr.lighthouseVersion}, one run per page, reports in ${reportsDir}`);
  out(`    browser: Chromium ${version} (${CHROMIUM} ${CHROMIUM_FLAGS.join(' ')})`);
  out(
    `    preset: ${preset} (form factor ${s.formFactor}, ${screen.width}x${screen.height} @${screen.deviceScaleFactor}x), ` +
      `throttling ${s.throttlingMethod}: RTT ${s.throttling.rttMs} ms, ` +
      `${(s.throttling.throughputKbps / 1024).toFixed(1)} Mbit/s, CPU slowdown ${s.throttling.cpuSlowdownMultiplier}x`,
  );
  out(
    `    machine: ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}, ${cpuPressure()}, ` +
      `Lighthouse benchmark index ${Math.round(env.benchmarkIndex)} (lower = slower; TBT follows it)`,
  );
  let ok = true;
  const pages = [];
  for (const { page, lhr } of results) {
    out(`    ${page.name} (${page.url})`);
    out(`      ${METRICS.map((id) => `${lhr.audits[id].title} ${lhr.audits[id].displayValue}`).join(', ')}`);
    const scores = {};
    const failing = {};
    for (const [id, min] of Object.entries(THRESHOLDS)) {
      const score = Math.round((lhr.categories[id].score ?? 0) * 100);
      const met = score >= min;
      const gated = gate.includes(id);
      if (gated) ok &&= met;
      scores[id] = score;
      failing[id] = failingAudits(lhr, id);
      out(
        `      ${lhr.categories[id].title.padEnd(15)} ${String(score).padStart(3)} (at least ${min}): ` +
          `${met ? 'ok' : 'MISSED'}${gated ? '' : ' (measured, not gated: --gate)'}`,
      );
      for (const a of failing[id]) {
        out(`        - ${a.title}${a.value ? ` (${a.value})` : ''} [${a.id}, score ${a.score}, weight ${a.weight}]`);
        for (const where of a.where) out(`            at ${where}`);
      }
    }
    pages.push({ page: page.name, url: page.url, scores, failing });
  }
  return {
    ok,
    thresholds: THRESHOLDS,
    gated: gate,
    lighthouse: results[0].lhr.lighthouseVersion,
    chromium: version,
    preset,
    settings: { formFactor: s.formFactor, method: s.throttlingMethod, throttling: s.throttling, screen },
    cpus: cpus().length,
    loadAverage: loadavg()[0],
    cpuPressure: cpuPressure(),
    benchmarkIndex: env.benchmarkIndex,
    pages,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The platform to measure

async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`signing in as ${email} answered ${res.status}`);
  const token = (await res.json()).token;
  const servers = await fetch(`${base}/api/v1/servers`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
    r.json(),
  );
  const server = servers.find((s) => s.name === 'Healthy base') ?? servers[0];
  if (!server) throw new Error(`${email} has no server: the dashboard page needs one`);
  return { token, server };
}

/**
 * The platform as the browser tests start it (libs/testing): `npm start` with five simulated servers and a demo
 * account, on a database cloned from the migrated template and a NATS namespace of its own, so nothing else running
 * on this machine is touched.
 */
async function startPlatform() {
  const testing = createRequire(import.meta.url)(join(ROOT, 'libs', 'testing', 'dist', 'index.js'));
  const services = await testing.resolveTestServices();
  const db = await testing.createTestDatabase(services.databaseUrl);
  const login = { email: 'budgets@example.com', password: 'budgets-demo-password' };
  const platform = testing.PlatformProcess.start({
    PORT: String(await testing.freePortRange()),
    SIM_COUNT: '5',
    SIM_BASE_PORT: '0',
    DATABASE_URL: db.url,
    NATS_URL: services.natsUrl,
    NATS_PREFIX: testing.testNamespace(),
    DEMO_EMAIL: login.email,
    DEMO_PASSWORD: login.password,
  });
  const stop = async () => {
    await platform.stop();
    await db.drop();
    await services.stop();
  };
  out();
  out(`starting the platform (npm start, 5 simulated servers; PostgreSQL and NATS: ${services.source})...`);
  try {
    return { base: await platform.ready(), login, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      json: { type: 'string' },
      reports: { type: 'string', default: join(ROOT, 'test-results', 'lighthouse') },
      preset: { type: 'string', default: 'desktop' },
      'no-lighthouse': { type: 'boolean', default: false },
      gate: { type: 'string', default: Object.keys(THRESHOLDS).join(',') },
      'cpu-slowdown': { type: 'string' },
    },
  });
  const gate = values.gate.split(',').filter(Boolean);
  const unknown = gate.filter((id) => !(id in THRESHOLDS));
  if (unknown.length > 0)
    throw new Error(`--gate: unknown ${unknown.join(', ')} (one of ${Object.keys(THRESHOLDS).join(', ')})`);
  if (values.preset !== 'desktop' && values.preset !== 'mobile') throw new Error('--preset is desktop or mobile');
  const cpuSlowdown = values['cpu-slowdown'] === undefined ? 1 : Number(values['cpu-slowdown']);
  if (!(cpuSlowdown >= 1 && cpuSlowdown <= 8)) throw new Error('--cpu-slowdown is a number from 1 to 8');
  if (cpuSlowdown !== 1 && values.preset !== 'desktop')
    throw new Error('--cpu-slowdown goes with the desktop preset (mobile has its own 4x)');
  const js = measureJs();
  let lighthouse = null;
  if (!values['no-lighthouse']) {
    const started = values.base ? null : await startPlatform();
    try {
      const base = (values.base ?? started.base).replace(/\/$/, '');
      const login = started?.login ?? { email: values.email, password: values.password };
      if (!login.email || !login.password)
        throw new Error('--base needs --email and --password (a user with a server)');
      const { token, server } = await signIn(base, login.email, login.password);
      const pages = [
        { name: 'sign-in', base, url: `${base}/login`, token: null },
        { name: 'servers', base, url: `${base}/servers`, token },
        { name: 'server-dashboard', base, url: `${base}/servers/${server.id}`, token },
      ];
      const measured = await runLighthouse(pages, values.preset, values.reports, cpuSlowdown);
      lighthouse = printLighthouse(measured, values.preset, values.reports, gate);
    } finally {
      await started?.stop();
    }
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ js, lighthouse }, null, 2)}\n`);
  const ok = js.ok && (lighthouse?.ok ?? true);
  out();
  out(ok ? 'budgets: all met' : 'budgets: MISSED (see above)');
  process.exitCode = ok ? 0 : 1;
}

main().catch((e) => {
  process.stderr.write(`budgets: could not measure: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 2;
});
