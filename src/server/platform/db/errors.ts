// Errors that mean "the database does not answer" (down, restarting, unreachable), as opposed to a
// bad query. Drivers and Drizzle wrap them, so the whole cause chain is searched.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'PGlite is closed',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((m) => (e.message as string).includes(m)))
      return true;
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}
