import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@app/testing';
import { BrowserPlatform, DEMO } from './browser-harness';

/**
 * The dashboard's JavaScript budget (issue 19) in CI: `npm run budgets:web -- --no-lighthouse` (scripts/web-budgets.mjs)
 * against the platform the browser tests start, and a check that the sign-in page loads exactly the files it counts.
 * Lighthouse's scores are measured by the same script on a quiet machine (`npm run budgets:web`), not here: on two
 * shared cores they spread too far between runs to gate on (docs/benchmarks.md, "Issue 19").
 */

interface Figures {
  js: { ok: boolean; total: number; limit: number; files: { file: string; gzip: number }[] };
  lighthouse: { ok: boolean; pages: { page: string; scores: Record<string, number> }[] } | null;
}

function runBudgets(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'web-budgets.mjs'), ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the dashboard budgets', () => {
  const harness = new BrowserPlatform();
  const dir = mkdtempSync(join(tmpdir(), 'gsm-budgets-'));
  let run: { code: number | null; output: string };
  let figures: Figures;

  beforeAll(async () => {
    await harness.start();
    run = await runBudgets([
      '--base',
      harness.base,
      '--email',
      DEMO.email,
      '--password',
      DEMO.password,
      '--json',
      join(dir, 'budgets.json'),
      '--no-lighthouse',
    ]);
    process.stdout.write(`${run.output}\n`);
    const file = join(dir, 'budgets.json');
    // No figures (exit 2): the script could not measure; every test says why.
    if (!existsSync(file)) throw new Error(`npm run budgets:web measured nothing (${run.code}):\n${run.output}`);
    figures = JSON.parse(readFileSync(file, 'utf8')) as Figures;
  }, 300_000);

  afterAll(async () => {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the sign-in page loads exactly the JavaScript the budget counts', async () => {
    const ctx = await harness.browser.newContext();
    try {
      const page = await ctx.newPage();
      const loaded = new Set<string>();
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') loaded.add(new URL(r.url()).pathname.slice(1));
      });
      await page.goto(`${harness.base}/login`);
      await page.getByRole('button', { name: /sign in/i }).waitFor();
      // Loaded after the page: the service worker's registration (workbox-window waits for the load event).
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker
            .controller !== null,
        undefined,
        { timeout: 30_000 },
      );
      expect([...loaded].sort()).toEqual(figures.js.files.map((f) => f.file).sort());
    } finally {
      await ctx.close();
    }
  }, 60_000);

  test('the first page has at most 250 kB of gzipped JavaScript', () => {
    expect(figures.js.total).toBeGreaterThan(0);
    expect(figures.js.total).toBeLessThanOrEqual(figures.js.limit);
    if (run.code !== 0) throw new Error(`npm run budgets:web exited with ${run.code}:\n${run.output}`);
  });
});
