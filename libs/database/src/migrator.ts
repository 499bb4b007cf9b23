import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

/** One migration folder: `prisma/migrations/<YYYYMMDDHHMMSS>_<verb>_<object>/migration.sql`. */
export interface MigrationFile {
  name: string;
  sql: string;
  /** SHA-256 of the file, hex: the same checksum Prisma stores. */
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

/** An applied migration whose file changed since: refused, never re-run or silently accepted. */
export class MigrationChecksumError extends Error {
  constructor(readonly migration: string) {
    super(
      `Migration ${migration} was already applied but its migration.sql has changed since. ` +
        'Applied migrations must never be edited: restore the file and add a new migration for the change.',
    );
    this.name = 'MigrationChecksumError';
  }
}

/** A migration recorded as started but never finished (for example by Prisma's own CLI). */
export class MigrationIncompleteError extends Error {
  constructor(readonly migration: string) {
    super(
      `Migration ${migration} is recorded as started but not finished. Inspect the database, then mark it ` +
        'rolled back (UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = ...) and retry.',
    );
    this.name = 'MigrationIncompleteError';
  }
}

/** Key of the advisory lock that serialises concurrent runners (e.g. several replicas or test workers). */
export const MIGRATION_LOCK_KEY = 72_707_369;

/** Finds `prisma/migrations` from a start folder upwards, or uses MIGRATIONS_DIR. */
export function findMigrationsDir(start: string = __dirname): string {
  if (process.env.MIGRATIONS_DIR) return resolve(process.env.MIGRATIONS_DIR);
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, 'prisma', 'migrations');
    if (existsSync(candidate)) return candidate;
    const parent = resolve(dir, '..');
    if (parent === dir) throw new Error(`No prisma/migrations folder found above ${start}; set MIGRATIONS_DIR`);
    dir = parent;
  }
}

/** Reads the migration folders in name (= timestamp) order. */
export function readMigrations(dir: string): MigrationFile[] {
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory() && existsSync(join(dir, name, 'migration.sql')))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** A hash of every migration: two databases migrated from the same hash have the same schema. */
export function migrationsFingerprint(migrations: readonly MigrationFile[]): string {
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(`${m.name}:${m.checksum}\n`);
  return hash.digest('hex');
}

const BOOKKEEPING_DDL = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

/**
 * Applies pending migrations with Prisma's `_prisma_migrations` bookkeeping, under a Postgres advisory lock.
 * Each migration and its bookkeeping row commit together, so a failure leaves nothing half-applied. Re-running
 * is a no-op; an applied migration whose file changed is refused (MigrationChecksumError).
 */
export async function applyMigrations(options: {
  databaseUrl: string;
  migrationsDir?: string;
  log?: (line: string) => void;
}): Promise<MigrationReport> {
  const log = options.log ?? (() => undefined);
  const migrations = readMigrations(options.migrationsDir ?? findMigrationsDir());
  const client = new Client({ connectionString: options.databaseUrl });
  client.on('notice', (n) => log(`notice: ${n.message ?? ''}`));
  await client.connect();
  const report: MigrationReport = { applied: [], alreadyApplied: [] };
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(BOOKKEEPING_DDL);
    const { rows } = await client.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r]));
    for (const migration of migrations) {
      const row = applied.get(migration.name);
      if (row && row.finished_at === null) throw new MigrationIncompleteError(migration.name);
      if (row && row.checksum !== migration.checksum) throw new MigrationChecksumError(migration.name);
      if (row) {
        report.alreadyApplied.push(migration.name);
        continue;
      }
      await applyOne(client, migration);
      report.applied.push(migration.name);
      log(`applied ${migration.name}`);
    }
    return report;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/**
 * The migrations of `migrationsDir` that the database has not applied yet (all of them when it has no bookkeeping
 * table). Read-only: takes no lock. Used by `migrate.cli --wait`, which a new release's pods run before starting so
 * they never run against an older schema.
 */
export async function pendingMigrations(options: { databaseUrl: string; migrationsDir?: string }): Promise<string[]> {
  const migrations = readMigrations(options.migrationsDir ?? findMigrationsDir());
  const client = new Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const { rows: table } = await client.query<{ exists: boolean }>(
      `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`,
    );
    if (!table[0]?.exists) return migrations.map((m) => m.name);
    const { rows } = await client.query<{ migration_name: string }>(
      'SELECT migration_name FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL',
    );
    const done = new Set(rows.map((r) => r.migration_name));
    return migrations.filter((m) => !done.has(m.name)).map((m) => m.name);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function applyOne(client: Client, migration: MigrationFile): Promise<void> {
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at)
       VALUES (gen_random_uuid()::text, $1, $2, now()) RETURNING id`,
      [migration.checksum, migration.name],
    );
    await client.query(migration.sql);
    await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [
      rows[0]!.id,
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
