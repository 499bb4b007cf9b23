/**
 * Paths pino removes from every log line: credentials in requests and in logged objects. Logs must never carry an
 * admin password, a token or a webhook URL.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'adminPassword',
  '*.adminPassword',
  'admin_password',
  '*.admin_password',
  'token',
  '*.token',
  'authenticationToken',
  '*.authenticationToken',
  'webhookUrl',
  '*.webhookUrl',
  'webhook_url',
  '*.webhook_url',
  'secret',
  '*.secret',
];
