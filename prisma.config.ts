// Prisma CLI configuration. `prisma generate` needs no database. Migrations are applied by the repo's
// runner (`npm run migrate`), which keeps Prisma's folder layout and `_prisma_migrations` bookkeeping,
// so `prisma migrate deploy` stays equivalent wherever Prisma's schema engine can be installed.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gsm' },
});
