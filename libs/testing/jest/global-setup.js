// Resolves PostgreSQL and NATS once per run (environment, Testcontainers, or local defaults), builds the migrated
// template database, and hands both to the test workers through the environment.
const { resolveTestServices, ensureTemplateDatabase, timescaleAvailable } = require('@app/testing');

module.exports = async function globalSetup() {
  const services = await resolveTestServices();
  globalThis.__GSM_TEST_SERVICES__ = services;
  process.env.GSM_TEST_ADMIN_DATABASE_URL = services.databaseUrl;
  process.env.GSM_TEST_NATS_URL = services.natsUrl;
  const template = await ensureTemplateDatabase(services.databaseUrl);
  const timescale = await timescaleAvailable(services.databaseUrl);
  process.env.GSM_TEST_TIMESCALE = timescale ? 'present' : 'absent';
  const where = new URL(services.databaseUrl);
  process.stdout.write(
    `\nintegration services (${services.source}): PostgreSQL ${where.host}, NATS ${new URL(services.natsUrl).host}, ` +
      `template ${template}, TimescaleDB ${timescale ? 'preloaded' : 'absent (the storage-path test checks plain tables and views)'}\n`,
  );
};
