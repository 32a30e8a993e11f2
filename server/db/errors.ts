/**
 * Whether a database failure may go away if the same work is tried again. Only real unavailability counts:
 * connection trouble (class 08), operator intervention such as a shutdown or a statement time-out (class 57), a lock not granted in
 * time (55P03), a serialization failure or deadlock (40001, 40P01), exhausted resources (53xxx), system errors
 * (58xxx); and driver errors that carry no SQLSTATE at all (a dropped connection, a closed embedded database).
 * Everything else — bad data (22xxx), a broken constraint (23xxx), an unknown column (42xxx) — fails again the
 * same way, so retrying it would block whoever sent it forever.
 */
export function isTransientDbError(error: unknown): boolean {
  const code = sqlState(error);
  if (code === null) return true;
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

/** The five-character SQLSTATE of a PostgreSQL or PGlite error, or null for anything else. */
export function sqlState(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}
