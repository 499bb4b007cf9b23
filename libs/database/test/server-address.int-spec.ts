import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmptyDatabase, type TestDatabase } from '@app/testing';
import { Client } from 'pg';
import { applyMigrations, findMigrationsDir, readMigrations } from '../src/migrator';

// Issue 21: the poller connects only to the address the target guard checked. Servers registered before `address`
// was recorded had it NULL and were polled by their host name (re-resolved at every poll: a DNS rebinding away from
// an internal address). The migration backfills IP literals, blanks names, and forbids NULL.
const MIGRATION = '20261128000200_server_address_not_null';

async function query<T extends object>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

describe(`migration ${MIGRATION}`, () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createEmptyDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('backfills IP-literal hosts, leaves names blank (never polled by name), and makes address NOT NULL', async () => {
    // The schema as it was before this migration.
    const before = mkdtempSync(join(tmpdir(), 'gsm-migrations-'));
    cpSync(findMigrationsDir(), before, { recursive: true });
    const all = readMigrations(before).map((m) => m.name);
    expect(all).toContain(MIGRATION);
    const earlier = all.filter((name) => name < MIGRATION);
    const only = mkdtempSync(join(tmpdir(), 'gsm-migrations-'));
    for (const name of earlier) cpSync(join(before, name), join(only, name), { recursive: true });
    await applyMigrations({ databaseUrl: db.url, migrationsDir: only });

    const [{ id: userId }] = (await query<{ id: string }>(
      db.url,
      "INSERT INTO users (email, name, password_hash) VALUES ('old@example.com', 'Old', 'x') RETURNING id",
    )) as [{ id: string }];
    const [{ id: orgId }] = (await query<{ id: string }>(
      db.url,
      "INSERT INTO organisations (name, personal, owner_user_id) VALUES ('Old', true, $1) RETURNING id",
      [userId],
    )) as [{ id: string }];
    const hosts: [string, string][] = [
      ['8.8.8.8', '8.8.8.8'],
      ['2001:4860:4860:0:0:0:0:8888', '2001:4860:4860::8888'],
      ['[2606:4700::1111]', '2606:4700::1111'],
      ['game.example.com', ''],
      ['rebind.attacker.example', ''],
      // Spellings PostgreSQL would read differently from the guard (octal), or not at all: blank, never guessed.
      ['010.010.010.010', ''],
      ['134744072', ''],
      ['1::2::3', ''],
    ];
    for (const [host] of hosts) {
      await query(
        db.url,
        "INSERT INTO servers (org_id, name, host, port, admin_password_enc) VALUES ($1, $2, $2, 7777, '\\x00')",
        [orgId, host],
      );
    }
    const nullable = await query<{ is_nullable: string }>(
      db.url,
      "SELECT is_nullable FROM information_schema.columns WHERE table_name = 'servers' AND column_name = 'address'",
    );
    expect(nullable[0]?.is_nullable).toBe('YES');

    await applyMigrations({ databaseUrl: db.url, migrationsDir: before });
    const rows = await query<{ host: string; address: string | null }>(db.url, 'SELECT host, address FROM servers');
    expect(new Map(rows.map((r) => [r.host, r.address]))).toEqual(new Map(hosts));
    await expect(
      query(
        db.url,
        "INSERT INTO servers (org_id, name, host, port, admin_password_enc) VALUES ($1, 'new', 'new.example.com', 7777, '\\x00')",
        [orgId],
      ),
    ).rejects.toThrow(/null value in column "address"/);
  });
});
