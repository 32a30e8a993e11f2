import type { SqliteValue } from '@powersync/service-sync-rules';

/** PostgreSQL type names (information_schema.columns.data_type) of one table's columns. */
export type ColumnTypes = ReadonlyMap<string, string>;

const INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);

/**
 * Turns a row as the capture trigger logged it (to_jsonb of the row) into the SQLite values sync rules evaluate
 * and devices store (src/data/schema.ts): booleans as 1/0, integers as bigint (a JS number would come out as
 * "5.0"), timestamps as ISO-8601 UTC text, JSON as text. Without a known type, the JSON value's own kind decides.
 */
export function toSqliteRow(row: Readonly<Record<string, unknown>>, types: ColumnTypes | undefined): Record<string, SqliteValue> {
  const out: Record<string, SqliteValue> = {};
  for (const column in row) out[column] = toSqliteValue(row[column], types?.get(column));
  return out;
}

export function toSqliteValue(value: unknown, type: string | undefined): SqliteValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'boolean':
      return value ? 1n : 0n;
    case 'bigint':
      return value;
    case 'number':
      if (type !== undefined) return INTEGER_TYPES.has(type) ? BigInt(Math.trunc(value)) : value;
      return Number.isInteger(value) ? BigInt(value) : value;
    case 'string':
      return type === undefined ? value : stringOfType(value, type);
    case 'object':
      if (value instanceof Uint8Array) return value;
      // Plain JSON from the log: JSON.stringify keeps 1 as 1 (JSONBig would write 1.0 to mark a float).
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

function stringOfType(value: string, type: string): SqliteValue {
  if (type === 'timestamp with time zone') return isoOrSame(value);
  // No zone is stored: the value is read as UTC, which is how the server writes such columns.
  if (type === 'timestamp without time zone') return isoOrSame(`${value}Z`, value);
  if (INTEGER_TYPES.has(type) && /^-?\d+$/.test(value)) return BigInt(value);
  return value;
}

/**
 * A UTC timestamp as to_jsonb writes it in a UTC session (every server session is one): 2025-11-25T00:56:17.123456
 * with "+00:00" (the caller adds "Z" to a timestamp without time zone). Captures the part toISOString keeps.
 */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-([0-2]\d)T([01]\d|2[0-3]):[0-5]\d:[0-5]\d)(?:\.(\d+))?(?:\+00:00|Z)$/;

/**
 * The ISO-8601 text Date.toISOString gives for text. The common shape is rewritten directly (Date.parse and
 * toISOString cost as much as the rest of converting a logged row): milliseconds truncated as Date.parse truncates
 * them. Days past the 28th take the slow path, so an invalid date (30 February) still rolls over as Date does it.
 */
export function isoOrSame(text: string, fallback: string = text): string {
  const match = UTC_TIMESTAMP.exec(text);
  if (match !== null && match[2]! <= '28') {
    const fraction = match[4];
    const millis = fraction === undefined ? '000' : fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
    return `${match[1]}.${millis}Z`;
  }
  const time = Date.parse(text);
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}
