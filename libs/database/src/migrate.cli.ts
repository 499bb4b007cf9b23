/* Applies pending migrations: `npm run migrate` (DATABASE_URL from the environment or .env). */
import { applyMigrations } from './migrator';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'DATABASE_URL is missing: set it to the PostgreSQL URL to migrate, e.g. postgresql://postgres@127.0.0.1:5432/gsm',
    );
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
