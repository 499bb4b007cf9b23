import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  createTestDatabase,
  freePortRange,
  PlatformProcess,
  REPO_ROOT,
  joinByInvitation,
  signUpAndIn,
  testNamespace,
  type PlatformDescription,
  type TestDatabase,
} from '@app/testing';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** What the browser tests share: Debian's chromium, the platform started as `npm start` does, sign-in, waits. */
export const CHROMIUM = '/usr/bin/chromium';
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
export const DEMO = { email: 'pioneer@example.com', password: 'browser-test-password' };

if (!existsSync(CHROMIUM))
  throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium)`);

/** A JSON request to the platform (or a simulator's control API). */
export async function json(url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

/** Saves a full-page screenshot under test-results/screenshots/. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Waits until the first match of the locator contains the text. */
export async function expectText(
  locator: ReturnType<Page['locator']>,
  expected: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last =
      (await locator
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => null)) ?? '';
    if (last.includes(expected)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`expected text "${expected}" but saw "${last}" after ${timeoutMs} ms`);
}

/**
 * Scrolls a server's dashboard (or a share page) to its end as a reader would, so every panel is built (panels far
 * below the fold are built when they come near the viewport, NearViewport), then back to the top. Done when no
 * placeholder is left, the last panel (the add-on's help) is there, and nothing new appeared for half a second.
 */
export async function scrollThrough(page: Page, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await page.locator('.panels').waitFor({ timeout: timeoutMs });
  let quietSince = 0;
  let last = -1;
  for (;;) {
    const state = await page.evaluate(() => {
      const w = globalThis as unknown as BrowserWindow;
      const doc = w.document;
      const left = doc.querySelector('[data-testid="panel-slot"]');
      // At the end with a placeholder left behind (passed between two frames while the panels above it were built
      // and the page's length changed): back to it, as a reader scrolling up would.
      const atEnd = w.scrollY + w.innerHeight >= doc.documentElement.scrollHeight - 2;
      if (atEnd && left) left.scrollIntoView({ block: 'center' });
      else w.scrollBy(0, Math.round(w.innerHeight * 0.8));
      const where = left?.getBoundingClientRect();
      return {
        // Where the first placeholder left is, for the error below.
        where: where
          ? `first at ${Math.round(where.top)} px from the viewport's top (height ${w.innerHeight}), page ${doc.documentElement.scrollHeight} px, scrolled ${Math.round(w.scrollY)}`
          : '',
        slots: doc.querySelectorAll('[data-testid="panel-slot"]').length,
        panels: doc.querySelectorAll('.panels > section').length,
        end: doc.getElementById('addon-help') !== null,
      };
    });
    if (state.slots === 0 && state.end && state.panels === last) {
      if (!quietSince) quietSince = Date.now();
      if (Date.now() - quietSince >= 500) break;
    } else quietSince = 0;
    last = state.panels;
    if (Date.now() > deadline)
      throw new Error(
        `the dashboard still had ${state.slots} unbuilt panel(s) after ${timeoutMs} ms of scrolling (${state.where})`,
      );
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollTo(0, 0));
}

/** What `scrollThrough` uses of the page's window (this file is also compiled without the DOM's types). */
interface BrowserWindow {
  innerHeight: number;
  scrollY: number;
  scrollBy(x: number, y: number): void;
  scrollTo(x: number, y: number): void;
  document: {
    documentElement: { scrollHeight: number };
    querySelector(selector: string): {
      scrollIntoView(options: { block: string }): void;
      getBoundingClientRect(): { top: number };
    } | null;
    querySelectorAll(selector: string): { length: number };
    getElementById(id: string): unknown;
  };
}

/** The platform of one browser test file: its database, `npm start`'s process, the browser and a first page. */
export class BrowserPlatform {
  db!: TestDatabase;
  platform!: PlatformProcess;
  info!: PlatformDescription;
  base = '';
  token = '';
  browser!: Browser;
  context!: BrowserContext;
  page!: Page;

  /** Starts everything (five simulated servers, the demo account, `extra` settings) and opens a page. */
  async start(extra: Record<string, string> = {}): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    this.db = await createTestDatabase();
    const port = await freePortRange();
    this.platform = PlatformProcess.start({
      PORT: String(port),
      SIM_COUNT: '5',
      SIM_BASE_PORT: '0',
      DATABASE_URL: this.db.url,
      NATS_URL: process.env.GSM_TEST_NATS_URL!,
      NATS_PREFIX: testNamespace(),
      DEMO_EMAIL: DEMO.email,
      DEMO_PASSWORD: DEMO.password,
      // Every test signs up and in from loopback and clicks through pages far faster than a person: the address's
      // limits and the sessions' rate limit stay out of the way (the e-mail's LOGIN_MAX_FAILURES stays 5:
      // auth.e2e-spec reaches it).
      REGISTER_MAX_PER_HOUR: '10000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
      SESSION_RATE_LIMIT_PER_MINUTE: '100000',
      // The alerts test sends to a loopback Discord look-alike (tests only; production accepts Discord's hosts only).
      DISCORD_WEBHOOK_EXTRA_HOSTS: '127.0.0.1',
      // A test's own settings (e.g. SMTP_URL of its mail receiver).
      ...extra,
    });
    this.base = await this.platform.ready();
    this.info = this.platform.describe();
    this.token = (await json(`${this.base}/api/v1/auth/login`, { method: 'POST', body: DEMO })).body.token;
    this.browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    this.context = await this.browser.newContext({ viewport: { width: 1280, height: 900 } });
    this.page = await this.context.newPage();
  }

  /** A simulated server of the fleet by its name. */
  sim(name: string): PlatformDescription['fleet'][number] {
    const s = this.info.fleet.find((f) => f.name === name);
    if (!s) throw new Error(`no simulated server named ${name}`);
    return s;
  }

  /** Signs in through the login page and waits for the server list. */
  async signIn(p: Page, email: string, password: string): Promise<void> {
    await p.goto(`${this.base}/login`);
    await p.getByLabel(/e-?mail/i).fill(email);
    await p.getByLabel(/^password/i).fill(password);
    await p.getByRole('button', { name: /sign in/i }).click();
    await p.locator('[data-testid="server-row"]').first().waitFor({ timeout: 20_000 });
  }

  /**
   * Registers a new account, has it join the demo organisation as a Viewer (by invitation), and signs it in on a page of its own
   * (acting in the demo organisation). Close the returned context when done.
   */
  async signInAsViewer(viewer: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
    const signed = await signUpAndIn(this.base, viewer.email, viewer.password, 'Viewer');
    // Members join by accepting an invitation (issue 22): invited by the demo account, accepted as the viewer.
    await joinByInvitation({
      baseUrl: this.base,
      databaseUrl: this.db.url,
      admin: { token: this.token },
      member: { token: signed.token, email: viewer.email },
      role: 'viewer',
    });
    const demoOrg = (await json(`${this.base}/api/v1/me`, { token: this.token })).body.organisations[0].id as string;
    const context = await this.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${this.base}/login`);
    await page.evaluate(
      (org) => (globalThis as unknown as { localStorage: Storage }).localStorage.setItem('gsm.org', org),
      demoOrg,
    );
    await this.signIn(page, viewer.email, viewer.password);
    return { context, page };
  }

  async close(): Promise<void> {
    await this.browser?.close();
    if (this.platform) await this.platform.stop();
    await this.db?.drop();
  }
}
