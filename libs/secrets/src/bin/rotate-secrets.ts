/*
 * Re-seals every stored server admin password under the current key:
 *   node libs/secrets/dist/bin/rotate-secrets.js [--batch-size 500] [--dry-run]
 * Environment: DATABASE_URL, SECRETS_KEY (the new key), SECRETS_KEY_ID (optional), SECRETS_PREVIOUS_KEYS (the keys
 * the rows are sealed with now, `id:base64key,...`). Rows go in batches by id, each batch one transaction holding
 * its rows FOR UPDATE; every row is opened, and only those not sealed under the current key id are written, so a
 * second run rotates 0. Prints counts and the ids of rows that could not be opened (never a secret).
 * Exit status: 0 done, 1 some row could not be opened (the others are rotated) or the database failed, 2 bad usage
 * or configuration.
 */
import { SecretBox, SecretDecryptionError } from '../secret-box';
import { ServerSecretsRepository } from './server-secrets.repository';

export const DEFAULT_BATCH_SIZE = 500;

export interface RotationReport {
  /** Rows re-sealed under the current key (in a dry run: rows that would be). */
  rotated: number;
  /** Rows already sealed under the current key id (and opening with it). */
  current: number;
  /** Rows that could not be opened, left unchanged, with the reason (which never holds a secret). */
  failed: { id: string; reason: string }[];
}

export interface RotationOptions {
  batchSize?: number;
  /** Open and count, write nothing. */
  dryRun?: boolean;
  /** Called after each batch. */
  onBatch?: (batch: number, rows: number, report: RotationReport) => void;
}

/**
 * Walks `servers` by id in batches; in each batch's transaction every password is opened (AAD = the row id), and
 * those that `box.needsRotation` are sealed again under the current key. Rows that fail to open are reported, not
 * changed (also when they claim the current key id: a clean run proves every row opens with the current key).
 */
export async function rotateServerSecrets(
  servers: ServerSecretsRepository,
  box: SecretBox,
  options: RotationOptions = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const report: RotationReport = { rotated: 0, current: 0, failed: [] };
  let after: string | null = null;
  for (let batch = 1; ; batch++) {
    const rows = await servers.inTransaction(
      async () => {
        const rows = await servers.lockBatch(after, batchSize);
        const ids: string[] = [];
        const sealed: Buffer[] = [];
        for (const row of rows) {
          try {
            const plaintext = box.open(row.admin_password_enc, row.id);
            if (!box.needsRotation(row.admin_password_enc)) {
              // Opened too, so that after a clean run every row is known to open with the current key alone.
              report.current++;
              continue;
            }
            const resealed = box.seal(plaintext, row.id);
            if (box.open(resealed, row.id) !== plaintext)
              throw new SecretDecryptionError('re-sealed value does not open');
            ids.push(row.id);
            sealed.push(resealed);
          } catch (error) {
            report.failed.push({ id: row.id, reason: safeReason(error) });
          }
        }
        if (ids.length > 0 && !options.dryRun) await servers.reseal(ids, sealed);
        report.rotated += ids.length;
        return rows;
      },
      () => !options.dryRun,
    );
    options.onBatch?.(batch, rows.length, report);
    if (rows.length < batchSize) return report;
    after = rows[rows.length - 1]!.id;
  }
}

/** The reason a row failed, without anything that could hold a secret. */
function safeReason(error: unknown): string {
  return error instanceof SecretDecryptionError ? error.message : `unexpected ${(error as Error)?.name ?? 'error'}`;
}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE =
  'usage: rotate-secrets [--batch-size N] [--dry-run]\n' +
  '  environment: DATABASE_URL, SECRETS_KEY (new key), SECRETS_KEY_ID (optional), ' +
  'SECRETS_PREVIOUS_KEYS (id:base64key,... of the keys the rows are sealed with now)';

/** Runs the command; resolves with the exit status. */
export async function runCli(argv: string[], env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  let batchSize = DEFAULT_BATCH_SIZE;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--batch-size' || arg.startsWith('--batch-size=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      batchSize = Number(value);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
        io.err(`--batch-size must be an integer from 1 to 10000\n${USAGE}`);
        return 2;
      }
    } else if (arg === '--help' || arg === '-h') {
      io.out(USAGE);
      return 0;
    } else {
      io.err(`unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
      return 2;
    }
  }

  const databaseUrl = env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    io.err('DATABASE_URL is missing: set it to the PostgreSQL URL, e.g. postgresql://postgres@127.0.0.1:5432/gsm');
    return 2;
  }
  let box: SecretBox;
  try {
    box = SecretBox.fromEnv(env);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }

  const previous = box.keyIds.slice(1);
  io.out(
    `${dryRun ? 'dry run: ' : ''}re-sealing server admin passwords under key id ${box.keyId}; ` +
      `previous key ids: ${previous.length ? previous.join(', ') : 'none'} (v1 blobs are tried with every key); ` +
      `batches of ${batchSize}`,
  );
  let servers: ServerSecretsRepository | undefined;
  let report: RotationReport;
  try {
    servers = await ServerSecretsRepository.connect(databaseUrl);
    report = await rotateServerSecrets(servers, box, {
      batchSize,
      dryRun,
      onBatch: (batch, rows, sofar) =>
        io.out(
          `batch ${batch}: ${rows} rows; so far ${sofar.rotated} ${dryRun ? 'to rotate' : 'rotated'}, ` +
            `${sofar.current} already current, ${sofar.failed.length} failed`,
        ),
    });
  } catch (error) {
    io.err(`rotation stopped: ${(error as Error).message} (batches already committed stay rotated; run it again)`);
    return 1;
  } finally {
    await servers?.close();
  }

  for (const { id, reason } of report.failed) io.err(`server ${id}: ${reason}`);
  io.out(
    `${dryRun ? 'to rotate' : 'rotated'} ${report.rotated}, already current ${report.current}, ` +
      `failed ${report.failed.length}`,
  );
  if (report.failed.length > 0) {
    io.err(`${report.failed.length} row(s) could not be opened and were left unchanged (ids above)`);
    return 1;
  }
  return 0;
}

if (require.main === module) {
  runCli(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      console.error(`rotation failed: ${(error as Error).message}`);
      process.exitCode = 1;
    });
}
