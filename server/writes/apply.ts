import type { Actor } from '../../src/domain/access.js';
import type { Queryable } from '../db/db.js';
import { InvalidValue, toPgValue, type PgValue } from './columns.js';
import { happenedTimes, madeAt } from './deviceTimes.js';
import { authorize, derivedColumns } from './policy.js';
import { invalid, type Refusal } from './refusals.js';
import type { TableWrites } from './tableWrites.js';
import { isValidRowId, isWritableTable, tableWrites } from './tables.js';
import type { CrudKind, Lookups, Row } from './write.js';

/** One entry of an upload, as decoded from the wire. */
export interface UploadEntry {
  table: string;
  id: string;
  kind: CrudKind;
  /** The JSON text of the values (empty for a delete). */
  opData: string;
}

/**
 * The times every row carries, which a device sends but never writes as sent: created_at is the device's time of
 * making a new row, kept within bounds (deviceTimes.ts) and never changed afterwards; updated_at is the server's time of
 * the last change it applied. Neither is refused: a device sends its own guesses of both with every row it writes.
 * Times of what happened (completed, removed) are kept within bounds the same way (deviceTimes.ts).
 */
const ROW_TIMES = new Set(['created_at', 'updated_at']);

interface Parsed {
  values: Record<string, PgValue>;
  /** The created_at the device sent, as sent. */
  createdAt: unknown;
}

function parseValues(name: string, table: TableWrites, opData: string, id: string): Parsed | Refusal {
  let raw: unknown;
  try {
    raw = opData === '' ? {} : JSON.parse(opData);
  } catch {
    return invalid('The values are not valid JSON');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return invalid('The values must be an object');
  const rules = table.columns;
  const values: Record<string, PgValue> = {};
  for (const [column, value] of Object.entries(raw)) {
    if (column === 'id') {
      if (value !== id) return invalid('The values name another id than the entry');
      continue;
    }
    if (ROW_TIMES.has(column)) continue;
    const rule = Object.hasOwn(rules, column) ? rules[column] : undefined;
    if (!rule) return { code: 'permission_denied', message: `${name}.${column} cannot be written from a device` };
    try {
      values[column] = toPgValue(column, rule, value);
    } catch (err) {
      if (err instanceof InvalidValue) return invalid(err.message);
      throw err;
    }
  }
  return { values, createdAt: (raw as Record<string, unknown>).created_at };
}

const isRefusal = (v: unknown): v is Refusal => typeof v === 'object' && v !== null && 'code' in v && 'message' in v;

/** Authorises and applies one entry inside the caller's transaction; returns why not when it may not be applied. */
export async function applyEntry(tx: Queryable, actor: Actor, lookups: Lookups, entry: UploadEntry): Promise<Refusal | null> {
  if (!isWritableTable(entry.table)) return { code: 'permission_denied', message: `${entry.table} cannot be written from a device` };
  const table = entry.table;
  const writes = tableWrites(table);
  if (!isValidRowId(table, entry.id)) return invalid('The id is not valid for this table');

  // Table names below come from the writable tables' list (tables.ts) only; every value is a parameter.
  const [current = null] = await tx.query<Row>(`select * from ${table} where id = $1 for update`, [entry.id]);
  if (entry.kind === 'DELETE') {
    const removing = current ?? (await writes.goneRow?.(tx, entry.id)) ?? null;
    if (removing === null) return null;
    const refusal = await authorize({ table, kind: 'DELETE', current: removing, next: null, changed: new Set() }, actor, lookups);
    if (refusal) return refusal;
    await writes.onDelete?.(tx, entry.id);
    await tx.query(`delete from ${table} where id = $1`, [entry.id]);
    return null;
  }
  if (entry.kind === 'PATCH' && current === null) return writes.missingRow;

  const parsed = parseValues(table, writes, entry.opData, entry.id);
  if (isRefusal(parsed)) return parsed;
  const values = { ...parsed.values, ...happenedTimes(writes, parsed.values, current?.created_at, lookups.now()) };
  const creating = current === null;
  const all: Record<string, PgValue> = { ...values, ...writes.serverColumns?.(actor, creating, values) };
  Object.assign(all, await derivedColumns(table, current, { ...(current ?? { id: entry.id }), ...all }, lookups));
  const next: Row = { ...(current ?? { id: entry.id }), ...all };
  const refusal = await authorize({ table, kind: entry.kind, current, next, changed: new Set(Object.keys(values)) }, actor, lookups);
  if (refusal) return refusal;
  if (creating) {
    const made = await madeAt(writes, parsed.createdAt, next, lookups);
    if (made !== null) all.created_at = made;
  }

  const columns = Object.keys(all);
  const params = columns.map((c) => all[c]);
  if (creating) {
    const list = ['id', ...columns].join(', ');
    const placeholders = ['$1', ...columns.map((_, i) => `$${i + 2}`)].join(', ');
    await tx.query(`insert into ${table} (${list}) values (${placeholders})`, [entry.id, ...params]);
  } else if (columns.length > 0) {
    const assignments = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
    await tx.query(`update ${table} set ${assignments} where id = $1`, [entry.id, ...params]);
  }
  return null;
}
