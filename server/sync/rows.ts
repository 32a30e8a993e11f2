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
  for (const [column, value] of Object.entries(row)) out[column] = toSqliteValue(value, types?.get(column));
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

function isoOrSame(text: string, fallback: string = text): string {
  const time = Date.parse(text);
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}
