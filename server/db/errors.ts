/**
 * The database could not be reached or lost the connection while working (a restart, a failover, a proxy closing
 * an idle connection, pg_terminate_backend). The adapter raises it for every failure that is not the database's own
 * answer, keeping what the driver said as the cause; whoever sees it may try the same work again.
 */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * Whether the database is unavailable rather than refusing the work: connection trouble (class 08), operator
 * intervention such as a shutdown or a statement time-out (class 57), a lock not granted in time (55P03), a
 * serialization failure or deadlock (40001, 40P01), exhausted resources (53xxx), system errors (58xxx), and a lost
 * connection (DatabaseUnavailable). The same work may succeed when tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  const code = sqlState(error);
  if (code === null) return false;
  return (
    code.startsWith('08') ||
    code.startsWith('53') ||
    code.startsWith('58') ||
    code.startsWith('57') ||
    code === '55P03' ||
    code === '40001' ||
    code === '40P01'
  );
}

/**
 * Whether a failure may go away if the same work is tried again: the database being unavailable, and anything that
 * carries no SQLSTATE at all (a closed embedded database, a fault of ours), which is not the data's fault. Everything
 * else — bad data (22xxx), a broken constraint (23xxx), an unknown column (42xxx) — fails again the same way, so
 * retrying it would block whoever sent it forever.
 */
export function isTransientDbError(error: unknown): boolean {
  return sqlState(error) === null || isDatabaseUnavailable(error);
}

/** The five-character SQLSTATE of a PostgreSQL or PGlite error, or null for anything else. */
export function sqlState(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}
