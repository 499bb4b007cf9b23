import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@app/testing';
import { BrowserPlatform, DEMO } from './browser-harness';

/**
 * The dashboard's budgets (issue 19) in CI: `npm run budgets:web` (scripts/web-budgets.mjs) against the platform the
 * browser tests start: the first page's JavaScript, a check that the sign-in page loads exactly the files it counts,
 * and Lighthouse 12.2.3 (desktop preset) on the sign-in page, the servers page and a server's dashboard: performance
 * at least 90, accessibility and best practices at least 95, every page, this one run (reports in
 * test-results/lighthouse; the machine's load and Lighthouse's benchmark index are printed with the figures).
 * `npm test` runs this file by itself after every other one (ALONE in jest.config.js, scripts/jest-all.sh): beside
 * another file's platform on the second core, Total Blocking Time rose to 240-320 ms and performance fell to 83-84
 * (CI of stop 34), where alone on the same machine it measures 97-99.
 */

interface Figures {
  js: { ok: boolean; total: number; limit: number; files: { file: string; gzip: number }[] };
  lighthouse: { ok: boolean; gated: string[]; pages: { page: string; scores: Record<string, number> }[] } | null;
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
    ]);
    process.stdout.write(`${run.output}\n`);
    const file = join(dir, 'budgets.json');
    // No figures (exit 2): the script could not measure; every test says why.
    if (!existsSync(file)) throw new Error(`npm run budgets:web measured nothing (${run.code}):\n${run.output}`);
    figures = JSON.parse(readFileSync(file, 'utf8')) as Figures;
  }, 900_000);

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

  test('Lighthouse: performance at least 90, accessibility and best practices at least 95 on every page', () => {
    const lighthouse = figures.lighthouse;
    if (!lighthouse) throw new Error(`Lighthouse did not run:\n${run.output}`);
    expect(lighthouse.gated.sort()).toEqual(['accessibility', 'best-practices', 'performance']);
    expect(lighthouse.pages.map((p) => p.page)).toEqual(['sign-in', 'servers', 'server-dashboard']);
    const minimum = { performance: 90, accessibility: 95, 'best-practices': 95 };
    for (const p of lighthouse.pages)
      for (const [category, least] of Object.entries(minimum)) {
        const score = p.scores[category] ?? 0;
        // The score beside the verdict, so a miss says by how much.
        expect({ page: p.page, category, score, met: score >= least }).toEqual({
          page: p.page,
          category,
          score,
          met: true,
        });
      }
  });

  test('the first page has at most 250 kB of gzipped JavaScript', () => {
    expect(figures.js.total).toBeGreaterThan(0);
    expect(figures.js.total).toBeLessThanOrEqual(figures.js.limit);
    // The number itself, so a raised limit in the script cannot pass unnoticed: 250 kB as the script counts
    // it, decimal (JS_LIMIT = 250_000 bytes; its kB() divides by 1000), not 250 * 1024.
    expect(figures.js.limit).toBe(250_000);
    expect(figures.js.total).toBeLessThanOrEqual(250_000);
    if (run.code !== 0) throw new Error(`npm run budgets:web exited with ${run.code}:\n${run.output}`);
  });
});
