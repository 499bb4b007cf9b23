/**
 * Whether an error means PostgreSQL cannot be reached right now (down, restarting, paused past a timeout, out of
 * connections), as opposed to a fault of the request or a bug. Such errors are answered 503 with Retry-After, not
 * 500: the client did nothing wrong and a retry will work. Looks at the error and its causes (Prisma wraps the
 * driver adapter's error, which wraps pg's).
 */
const CODES = new Set([
  // Node sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  // PostgreSQL: connection exceptions, admin / crash shutdown, cannot connect now, too many connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // Prisma: can't reach, timed out, closed, pool timeout
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
  // Prisma driver-adapter error kinds
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
const NAMES = new Set(['PrismaClientInitializationError']);
const MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|can't reach database server|connection (?:refused|closed)|the database system is (?:starting up|shutting down|in recovery mode)|terminating connection due to administrator command|too many clients already/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || depth > 6 || seen.has(e)) return false;
    seen.add(e);
    const o = e as Record<string, unknown>;
    for (const key of ['code', 'kind', 'originalCode']) {
      const value = o[key];
      if (typeof value === 'string' && CODES.has(value)) return true;
    }
    if (typeof o.name === 'string' && NAMES.has(o.name)) return true;
    if (typeof o.message === 'string' && MESSAGES.test(o.message)) return true;
    const meta = o.meta as Record<string, unknown> | undefined;
    return (
      visit(o.cause, depth + 1) ||
      visit(meta?.driverAdapterError, depth + 1) ||
      visit((o as { errors?: unknown[] }).errors?.[0], depth + 1)
    );
  };
  return visit(error, 0);
}
