import { spawn } from 'node:child_process';
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTestDatabase, resolveTestServices, seedAccount, sql, type TestDatabase } from '@app/testing';
import { SecretBox } from '../src/secret-box';

const REPO_ROOT = resolve(__dirname, '../../..');
const COMMAND = join(REPO_ROOT, 'libs/secrets/dist/bin/rotate-secrets.js');

// The keys before the rotation: `oldKey` under the explicit id k-old (and, before key ids existed, in v1 blobs),
// `olderKey` under its derived id (as `new SecretBox(key)` seals). `newKey` is the key rotated to.
const oldKey = SecretBox.generateKey();
const olderKey = SecretBox.generateKey();
const newKey = SecretBox.generateKey();
const NEW_ID = 'k-new';

/** Seals exactly as the v1 SecretBox did (version 1 | IV | tag | ciphertext, AAD = the row id). */
function sealV1(base64Key: string, plaintext: string, associatedData: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(base64Key, 'base64'), iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the compiled command as its own process with only the environment given (plus PATH and HOME). */
function rotate(env: Record<string, string>, args: string[] = []): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [COMMAND, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('rotate-secrets (compiled command against PostgreSQL)', () => {
  let db: TestDatabase;
  let orgId: string;
  let nextPort = 10_000;
  /** Every row inserted: id -> plaintext password. */
  const plaintexts = new Map<string, string>();
  const env = (): Record<string, string> => ({
    DATABASE_URL: db.url,
    SECRETS_KEY: newKey,
    SECRETS_KEY_ID: NEW_ID,
    SECRETS_PREVIOUS_KEYS: `k-old:${oldKey},${olderKey}`,
  });

  async function insertServers(count: number, seal: (password: string, id: string) => Buffer): Promise<string[]> {
    const ids: string[] = [];
    const ports: number[] = [];
    const blobs: Buffer[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const password = `pw-${randomBytes(6).toString('hex')}-ü€-${i}`;
      ids.push(id);
      ports.push(nextPort++);
      blobs.push(seal(password, id));
      plaintexts.set(id, password);
    }
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       SELECT v.id, $1, 'srv ' || v.port, '127.0.0.1', '127.0.0.1', v.port, v.enc
         FROM unnest($2::uuid[], $3::int[], $4::bytea[]) AS v(id, port, enc)`,
      [orgId, ids, ports, blobs],
    );
    return ids;
  }

  async function stored(): Promise<Map<string, Buffer>> {
    const rows = await sql<{ id: string; admin_password_enc: Buffer }>(
      db.url,
      'SELECT id, admin_password_enc FROM servers',
    );
    return new Map(rows.map((r) => [r.id, r.admin_password_enc]));
  }

  /** Nothing the command printed may hold a key or a password. */
  function expectNoSecrets(run: Run): void {
    const printed = run.stdout + run.stderr;
    for (const key of [oldKey, olderKey, newKey]) expect(printed).not.toContain(key.slice(0, 16));
    for (const password of plaintexts.values()) expect(printed).not.toContain(password);
  }

  beforeAll(async () => {
    if (!existsSync(COMMAND)) throw new Error(`${COMMAND} does not exist: run \`npm run build\` first`);
    const adminUrl = process.env.GSM_TEST_ADMIN_DATABASE_URL ?? (await resolveTestServices()).databaseUrl;
    db = await createTestDatabase(adminUrl);
    ({ orgId } = await seedAccount(db.url, 'pro'));
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('re-seals every password under the new key in batches, leaving the plaintexts unchanged', async () => {
    await insertServers(40, (pw, id) => sealV1(oldKey, pw, id));
    await insertServers(45, (pw, id) => new SecretBox(oldKey, { keyId: 'k-old' }).seal(pw, id));
    await insertServers(30, (pw, id) => new SecretBox(olderKey).seal(pw, id));
    const current = await insertServers(20, (pw, id) => new SecretBox(newKey, { keyId: NEW_ID }).seal(pw, id));
    const before = await stored();

    const run = await rotate(env(), ['--batch-size', '50']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('batch 3: 35 rows');
    expect(run.stdout).toMatch(/^rotated 115, already current 20, failed 0$/m);
    expectNoSecrets(run);

    // Only the new key, no previous keys: every row opens, under the new key id, to the same plaintext.
    const newOnly = new SecretBox(newKey, { keyId: NEW_ID });
    const after = await stored();
    expect(after.size).toBe(135);
    for (const [id, blob] of after) {
      expect(newOnly.keyIdOf(blob)).toBe(NEW_ID);
      expect(newOnly.needsRotation(blob)).toBe(false);
      expect(newOnly.open(blob, id)).toBe(plaintexts.get(id));
    }
    // Rows already under the new key were not rewritten.
    for (const id of current) expect(after.get(id)!.equals(before.get(id)!)).toBe(true);
  });

  it('rotates 0 on a second run and changes no byte', async () => {
    const before = await stored();
    const run = await rotate(env());
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^rotated 0, already current 135, failed 0$/m);
    const after = await stored();
    for (const [id, blob] of before) expect(after.get(id)!.equals(blob)).toBe(true);
  });

  it('writes nothing in a dry run', async () => {
    await insertServers(3, (pw, id) => new SecretBox(oldKey, { keyId: 'k-old' }).seal(pw, id));
    const before = await stored();
    const run = await rotate(env(), ['--dry-run']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^to rotate 3, already current 135, failed 0$/m);
    const after = await stored();
    for (const [id, blob] of before) expect(after.get(id)!.equals(blob)).toBe(true);
  });

  it('exits 1 naming the rows it cannot open (never a secret), leaves them unchanged and rotates the rest', async () => {
    const lostKey = SecretBox.generateKey();
    const [unknownId] = await insertServers(1, (pw, id) => new SecretBox(lostKey, { keyId: 'k-lost' }).seal(pw, id));
    const [wrongKey] = await insertServers(1, (pw, id) => new SecretBox(lostKey, { keyId: 'k-old' }).seal(pw, id));
    const [movedRow] = await insertServers(1, (pw) => new SecretBox(oldKey, { keyId: 'k-old' }).seal(pw, randomUUID()));
    const [forged] = await insertServers(1, (pw, id) => new SecretBox(lostKey, { keyId: NEW_ID }).seal(pw, id));
    const before = await stored();

    const run = await rotate(env());
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^rotated 3, already current 135, failed 4$/m);
    expect(run.stderr).toContain(
      `server ${unknownId}: stored secret could not be decrypted: sealed with key id k-lost, which is not configured: ` +
        'add it to SECRETS_PREVIOUS_KEYS',
    );
    expect(run.stderr).toContain(`server ${wrongKey}: stored secret could not be decrypted: wrong key or altered data`);
    expect(run.stderr).toContain(`server ${movedRow}: stored secret could not be decrypted`);
    // Claims the current key id but does not open with the current key: reported, not counted as current.
    expect(run.stderr).toContain(`server ${forged}: stored secret could not be decrypted: wrong key or altered data`);
    expectNoSecrets(run);
    expect(run.stderr).not.toContain(lostKey.slice(0, 16));

    const after = await stored();
    for (const id of [unknownId!, wrongKey!, movedRow!, forged!])
      expect(after.get(id)!.equals(before.get(id)!)).toBe(true);
    const newOnly = new SecretBox(newKey, { keyId: NEW_ID });
    const rotatable = [...after].filter(([id]) => ![unknownId, wrongKey, movedRow, forged].includes(id));
    expect(rotatable).toHaveLength(138);
    for (const [id, blob] of rotatable) expect(newOnly.open(blob, id)).toBe(plaintexts.get(id));
  });

  it('stops with status 2 and the variable named when a key is missing or malformed', async () => {
    const run = await rotate({ DATABASE_URL: db.url, SECRETS_KEY: newKey, SECRETS_PREVIOUS_KEYS: 'k-old:nope' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/SECRETS_PREVIOUS_KEYS entry 1 of 1 \(key id k-old\): the key must be 32 bytes/);
    expect((await rotate({ DATABASE_URL: db.url })).stderr).toMatch(/SECRETS_KEY is missing/);
  });
});
