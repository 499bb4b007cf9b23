import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** A client (relying party) registered at the test provider. */
export interface OidcTestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** Set-up of {@link startOidcProvider}. */
export interface OidcProviderOptions {
  clients: OidcTestClient[];
  /** Claims per login (e-mail); an unknown login gets `email` = the login, `email_verified: true`, a name. */
  accounts?: Record<string, Record<string, unknown>>;
  /** Loopback port; 0 (default) picks a free one. */
  port?: number;
}

/** A change of the running provider's behaviour (see oidc-provider.process.mjs). */
export interface OidcProviderControl {
  accounts?: Record<string, Record<string, unknown>>;
  /** Re-sign the next ID tokens with another audience or an expiry in the past; null: stop tampering. */
  tamper?: { audience: string } | { expiredBySeconds: number } | null;
  /**
   * How the provider authenticates an account from now on: the `amr` / `acr` its login step records (they reach
   * the ID token as oidc-provider issues it); null: a password only.
   */
  authentication?: Record<string, { amr?: string[]; acr?: string } | null>;
}

/**
 * A real OpenID provider (oidc-provider 9) in its own process on loopback, with a JWKS, discovery, PKCE, and
 * development interactions that {@link TestOidcProvider.signIn} walks over HTTP like a browser would.
 */
export class TestOidcProvider {
  constructor(
    readonly issuer: string,
    private readonly child: ChildProcess,
  ) {}

  async control(change: OidcProviderControl): Promise<void> {
    const res = await fetch(`${this.issuer}/__test/control`, { method: 'POST', body: JSON.stringify(change) });
    if (res.status !== 204) throw new Error(`the test provider refused a control change: ${res.status}`);
  }

  /**
   * Follows an authorization URL through the provider's sign-in form as `login` (any password) and answers the
   * URL the provider redirects the browser to at the end: the relying party's redirect URI with code and state
   * (or error). Not followed: the caller requests it.
   */
  async signIn(authorizationUrl: string, login: string): Promise<string> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let body: URLSearchParams | undefined;
    for (let hop = 0; hop < 12; hop++) {
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body,
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
      }
      body = undefined;
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url);
        if (!next.href.startsWith(this.issuer)) return next.href;
        url = next.href;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (res.status !== 200 || !action || !html.includes('name="prompt" value="login"'))
        throw new Error(`the test provider answered ${res.status} without its sign-in form: ${html.slice(0, 300)}`);
      url = new URL(action.replace(/&amp;/g, '&'), url).href;
      body = new URLSearchParams({ prompt: 'login', login, password: 'any password' });
    }
    throw new Error('the test provider redirected too often');
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

/** Starts the test OpenID provider; resolves once it listens (its issuer is `http://127.0.0.1:<port>`). */
export function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const child = spawn(process.execPath, [join(__dirname, 'oidc-provider.process.mjs')], {
    env: { ...process.env, OIDC_TEST_CONFIG: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the test OpenID provider did not start in 20 s: ${errors}`));
    }, 20_000);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\S+)\n/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(new TestOidcProvider(ready[1]!, child));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the test OpenID provider exited (${code}): ${errors}`));
    });
  });
}
