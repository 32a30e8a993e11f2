import { Code, ConnectError } from '@connectrpc/connect';

/** Page sizes of every admin list (admin.proto PageRequest). */
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 100;

export function pageLimit(limit: number | undefined): number {
  if (limit === undefined || limit <= 0) return DEFAULT_PAGE;
  return Math.min(limit, MAX_PAGE);
}

/**
 * A keyset cursor: the sort key and id of the last row sent, as opaque base64url JSON. The sort key is the database's
 * own text of the value (a timestamp to the microsecond), so the next page starts exactly after that row.
 */
export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

// How PostgreSQL prints a timestamptz in the server's UTC sessions (both backends set the time zone).
const TIME_KEY = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?\+00$/;

/** The cursor's key and id; `time` keys must be timestamps, so a forged cursor is a clear error, not a SQL one. */
export function decodeCursor(cursor: string | undefined, key: 'time' | 'text' = 'time'): { key: string; id: string } | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' &&
        (key === 'text' || TIME_KEY.test(parsed[0])) && !/\u0000/.test(parsed[0] + parsed[1])) {
      return { key: parsed[0], id: parsed[1] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new ConnectError('Invalid page cursor', Code.InvalidArgument);
}

/** Rows of one page plus the cursor after its last row; the query asked for limit + 1 rows to know if more exist. */
export function pageOf<T extends { sort_key: string; id: string }>(rows: T[], limit: number): { rows: T[]; next: string } {
  if (rows.length <= limit) return { rows, next: '' };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1]!;
  return { rows: page, next: encodeCursor(last.sort_key, last.id) };
}

/** A LIKE pattern matching text that contains (or starts with) the value literally. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const ms = (d: Date | null | undefined): bigint => (d ? BigInt(d.getTime()) : 0n);
