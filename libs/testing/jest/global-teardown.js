// Stops what global setup started (Testcontainers only; local services are left running).
module.exports = async function globalTeardown() {
  await globalThis.__GSM_TEST_SERVICES__?.stop();
};
