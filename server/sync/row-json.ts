import { JSONBig } from '@powersync/service-jsonbig';
import type { SqliteJsonValue } from '@powersync/service-sync-rules';

/**
 * The JSON text of an evaluated row, as JSONBig (the service's serializer) writes it — bigint as a plain integer, a
 * JS number that happens to be whole as "5.0" (it is a REAL) — but several times faster: rows are flat and their
 * values are only strings, numbers, bigints and nulls. The text is what a device stores, so it must stay stable for
 * a given row.
 *
 * Lean: null columns and `id` are left out. Clients read each column with json_extract, which gives NULL for a
 * missing key, and take the id from the op's object_id; a vehicle with its optional fields empty loses about 140 of
 * its ~500 bytes per op, less to send, parse and store.
 */
export function stringifyRow(row: Readonly<Record<string, SqliteJsonValue>>): string {
  let json = '{';
  let first = true;
  for (const key in row) {
    const value = row[key];
    if (leftOut(key, value)) continue;
    json += `${first ? '' : ','}${quotedKey(key)}:${stringifyValue(value!)}`;
    first = false;
  }
  return `${json}}`;
}

/** The lean rule above: a column left out of a row's JSON. */
function leftOut(name: string, value: SqliteJsonValue | undefined): boolean {
  return value === undefined || value === null || name === 'id';
}

/**
 * One selected column: its name in the output, its key as written inside a data literal (below), and the source
 * column it reads.
 */
export interface ColumnWriter {
  readonly name: string;
  readonly literalKey: string;
  readonly source: string;
}

export function columnWriter(name: string, source: string): ColumnWriter {
  return { name, literalKey: inLiteral(quotedKey(name)), source };
}

/**
 * The oplog stores a row's data as a JSON string literal of its JSON text (lines.ts places it into data lines as
 * is). This writes that literal straight from the record — what JSON.stringify(stringifyRow(the selected row))
 * gives — without building the row's JSON first: escaping a whole row's text a second time cost the replicator more
 * than writing it. Values must be text, numbers or null (the caller checks).
 */
export function columnsLiteral(record: Readonly<Record<string, unknown>>, columns: readonly ColumnWriter[]): string {
  let literal = '"{';
  let first = true;
  for (const column of columns) {
    const value = record[column.source] as SqliteJsonValue | undefined;
    if (leftOut(column.name, value)) continue;
    const json = stringifyValue(value!);
    // Text with nothing escaped in JSON (most values) needs only its quotes escaped; anything else is escaped again.
    const piece = typeof value === 'string' && json.length === value.length + 2 ? `\\"${value}\\"` : inLiteral(json);
    literal += `${first ? '' : ','}${column.literalKey}:${piece}`;
    first = false;
  }
  return `${literal}}"`;
}

/** JSON text as it appears inside a JSON string literal (the literal without its quotes). */
function inLiteral(json: string): string {
  return JSON.stringify(json).slice(1, -1);
}

/** Column names are few and repeat on every row: each is quoted once. */
const quotedKeys = new Map<string, string>();

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

function stringifyValue(value: SqliteJsonValue): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return value.toString();
    case 'number': {
      if (!Number.isFinite(value)) return 'null';
      const text = String(value);
      return /^-?\d+$/.test(text) ? `${text}.0` : text;
    }
    default:
      return 'null';
  }
}

/**
 * A row's bucket parameters for the parameter index ([{"vehicle_id":"v1"}, …]), as JSONBig writes them: objects
 * whose values are all text (the usual case) are written here, anything else by JSONBig itself.
 */
export function stringifyParameters(values: readonly unknown[]): string {
  let json = '[';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSONBig.stringify(values);
    let object = '{';
    for (const key of Object.keys(value)) {
      const field = (value as Record<string, unknown>)[key];
      if (typeof field !== 'string') return JSONBig.stringify(values);
      object += `${object.length === 1 ? '' : ','}${quotedKey(key)}:${JSON.stringify(field)}`;
    }
    json += `${i === 0 ? '' : ','}${object}}`;
  }
  return `${json}]`;
}
