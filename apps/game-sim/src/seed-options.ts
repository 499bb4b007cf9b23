/** A failure the seeder explains in one sentence (printed without a stack trace, exit 1). */
export class SeedError extends Error {}

export interface SeedOptions {
  /** The platform's REST API (the api-gateway), without a trailing slash. */
  apiUrl: string;
  /** The simulator's control API, without a trailing slash. */
  controlUrl: string;
  /** Where people sign in (the summary names it); default `apiUrl`. */
  publicUrl: string;
  email: string;
  password: string;
  /** How long to wait for the API and the simulator before giving up. */
  timeoutMs: number;
  /** Pause between two readiness checks. */
  retryMs: number;
}

export const SEED_USAGE = `Usage: node apps/game-sim/dist/seed.js   (configured by the environment)
  API_URL          the platform's REST API, e.g. http://api-gateway:3000 (required)
  SIM_CONTROL_URL  the simulator's control API, e.g. http://fleet:17999 (required)
  PUBLIC_URL       where to sign in, for the summary (default API_URL)
  DEMO_EMAIL       the demo account (default demo@example.com)
  DEMO_PASSWORD    its password, at least 10 characters (default ficsit-demo-password)
  SEED_TIMEOUT_S   how long to wait for the API and the simulator (default 300)`;

function httpUrl(name: string, raw: string | undefined, required: boolean): string | undefined {
  const value = raw?.trim();
  if (!value) {
    if (required) throw new SeedError(`${name} is not set: give the URL, e.g. ${name}=${example(name)}`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SeedError(`${name}=${value} is not a URL: expected e.g. ${example(name)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SeedError(`${name}=${value} must be an http:// or https:// URL, e.g. ${example(name)}`);
  if (url.username || url.password || url.search || url.hash)
    throw new SeedError(
      `${name} must be a plain base URL without credentials, query or fragment, e.g. ${example(name)}`,
    );
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function example(name: string): string {
  return name === 'SIM_CONTROL_URL' ? 'http://fleet:17999' : 'http://api-gateway:3000';
}

/** Reads the seeder's configuration from the environment; throws a SeedError naming the variable at fault. */
export function readSeedOptions(env: NodeJS.ProcessEnv): SeedOptions {
  const apiUrl = httpUrl('API_URL', env.API_URL, true)!;
  // The control API's base; a URL of its server list is accepted too.
  const controlUrl = httpUrl('SIM_CONTROL_URL', env.SIM_CONTROL_URL, true)!.replace(/\/servers$/, '');
  const publicUrl = httpUrl('PUBLIC_URL', env.PUBLIC_URL, false) ?? apiUrl;
  const email = (env.DEMO_EMAIL?.trim() || 'demo@example.com').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new SeedError(`DEMO_EMAIL=${email} is not an e-mail address`);
  const password = env.DEMO_PASSWORD || 'ficsit-demo-password';
  // Never echo the password, not even a wrong one.
  if (password.length < 10) throw new SeedError('DEMO_PASSWORD must be at least 10 characters');
  const rawTimeout = env.SEED_TIMEOUT_S?.trim() || '300';
  const timeout = Number(rawTimeout);
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 86_400)
    throw new SeedError(
      `SEED_TIMEOUT_S=${rawTimeout} is not valid: expected a whole number of seconds from 1 to 86400`,
    );
  return { apiUrl, controlUrl, publicUrl, email, password, timeoutMs: timeout * 1000, retryMs: 2000 };
}
