/*
 * `npm run migrate` (DATABASE_URL from the environment or .env):
 *   node libs/database/dist/migrate.cli.js                  applies pending migrations, then exits
 *   node libs/database/dist/migrate.cli.js --wait [seconds] applies nothing: waits until every migration this build
 *                                                           carries has been applied (by the migration Job), exit 0;
 *                                                           exit 1 after `seconds` (default 900). Pods of a new
 *                                                           release run it first, so they never start on an older
 *                                                           schema while the old release keeps serving.
 */
import { applyMigrations, pendingMigrations } from './migrator';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForSchema(databaseUrl: string, timeoutSeconds: number): Promise<void> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let lastSaid = '';
  for (;;) {
    let state: string;
    try {
      const pending = await pendingMigrations({ databaseUrl });
      if (pending.length === 0) {
        console.log('schema is up to date: every migration of this build is applied');
        return;
      }
      state = `waiting for the migration job: ${pending.length} migration(s) not applied yet (${pending.join(', ')})`;
    } catch (error) {
      state = `waiting for the database: ${(error as Error).message}`;
    }
    if (state !== lastSaid) console.log(state);
    lastSaid = state;
    if (Date.now() >= deadline) {
      console.error(`gave up after ${timeoutSeconds} s: ${state}`);
      process.exit(1);
    }
    await sleep(2000);
  }
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'DATABASE_URL is missing: set it to the PostgreSQL URL to migrate, e.g. postgresql://postgres@127.0.0.1:5432/gsm',
    );
    process.exit(2);
  }
  const args = process.argv.slice(2);
  if (args[0] === '--wait') {
    const seconds = args[1] === undefined ? 900 : Number(args[1]);
    if (!Number.isInteger(seconds) || seconds < 1) {
      console.error(`--wait takes a whole number of seconds (got "${args[1]}"), e.g. --wait 600`);
      process.exit(2);
    }
    return waitForSchema(databaseUrl, seconds);
  }
  if (args.length > 0) {
    console.error(`unknown argument "${args[0]}": run without arguments to migrate, or with --wait [seconds]`);
    process.exit(2);
  }
  const report = await applyMigrations({ databaseUrl, log: (line) => console.log(line) });
  console.log(
    report.applied.length === 0
      ? `database is up to date (${report.alreadyApplied.length} migrations already applied)`
      : `applied ${report.applied.length} migration(s); ${report.alreadyApplied.length} were already applied`,
  );
}

main().catch((error: unknown) => {
  console.error(`migration failed: ${(error as Error).message}`);
  process.exit(1);
});
