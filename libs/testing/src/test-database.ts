import { randomBytes } from 'node:crypto';
import { applyMigrations, findMigrationsDir, migrationsFingerprint, readMigrations } from '@app/database';
import { Client } from 'pg';

const TEMPLATE_LOCK_KEY = 72_707_370;
const TEST_DB_PREFIX = 'gsm_test_';
const TEMPLATE_PREFIX = 'gsm_tpl_';

/** The same server as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates (once per set of migrations) a migrated template database and returns its name. Concurrent callers
 * wait on an advisory lock; stale templates and databases of dead test processes are dropped.
 */
export async function ensureTemplateDatabase(adminUrl: string): Promise<string> {
  const migrationsDir = findMigrationsDir();
  const name = `${TEMPLATE_PREFIX}${migrationsFingerprint(readMigrations(migrationsDir)).slice(0, 16)}`;
  return withClient(adminUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname LIKE $2`,
        [`${TEMPLATE_PREFIX}%`, `${TEST_DB_PREFIX}%`],
      );
      for (const { datname } of rows) {
        const pid = Number(datname.slice(TEST_DB_PREFIX.length).split('_')[0]);
        const stale = datname.startsWith(TEMPLATE_PREFIX) ? datname !== name : !pidAlive(pid);
        if (stale) await client.query(`DROP DATABASE IF EXISTS ${quote(datname)} WITH (FORCE)`);
      }
      if (!rows.some((r) => r.datname === name)) {
        const building = `${name}_building`;
        await client.query(`DROP DATABASE IF EXISTS ${quote(building)} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${quote(building)}`);
        await applyMigrations({ databaseUrl: withDatabase(adminUrl, building), migrationsDir });
        // Renamed only once complete, so a crash never leaves a half-migrated template behind.
        await client.query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(name)}`);
      }
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

/** A fresh, migrated database of one test file. */
export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Clones the migrated template into a new database for the calling test file. */
export async function createTestDatabase(
  adminUrl: string = requireEnv('GSM_TEST_ADMIN_DATABASE_URL'),
): Promise<TestDatabase> {
  const template = await ensureTemplateDatabase(adminUrl);
  const name = `${TEST_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`);
        return;
      } catch (error) {
        // Another clone of the same template may be starting at this instant; try again shortly.
        if (attempt >= 10 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  });
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () =>
      withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Creates an empty (unmigrated) database, for tests of the migration runner itself. */
export async function createEmptyDatabase(
  adminUrl: string = requireEnv('GSM_TEST_ADMIN_DATABASE_URL'),
): Promise<TestDatabase> {
  const name = `${TEST_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${quote(name)}`));
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () =>
      withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`)).then(() => undefined),
  };
}

/** True when the server has TimescaleDB installed and preloaded (the migrations then build hypertables). */
export async function timescaleAvailable(adminUrl: string): Promise<boolean> {
  return withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ available: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb')
              AND coalesce(current_setting('shared_preload_libraries', true), '') LIKE '%timescaledb%' AS available`,
    );
    return rows[0]?.available === true;
  });
}

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run integration tests through jest (its global setup sets it)`);
  return value;
}
