import type { Queryable } from '../db/db.js';
import type { BatchPlan, Membership, SourceState } from './batch.js';
import { sourceKey } from './batch.js';
import type { ColumnTypes } from './rows.js';

/** The replicator's SQL: reading the change log and source-row states, writing one batch's results. */

export interface ReplicatorState {
  position: number;
  headOp: number;
  rulesHash: string | null;
}

export interface LoggedChange {
  seq: number;
  table: string;
  rowId: string;
  op: 'PUT' | 'DELETE';
  row: Record<string, unknown> | null;
}

export interface BucketState {
  checksum: number;
  count: number;
  lastOp: number;
}

/** Locks the state row for the rest of the transaction: a second replicator waits here and then sees our result. */
export async function lockState(tx: Queryable): Promise<ReplicatorState> {
  const [row] = await tx.query<{ position: string; head_op: string; rules_hash: string | null }>(
    'select position, head_op, rules_hash from sync_state where id = 1 for update',
  );
  if (!row) throw new Error('sync_state is missing: migration 0003 has not run');
  return { position: Number(row.position), headOp: Number(row.head_op), rulesHash: row.rules_hash };
}

export async function readChanges(tx: Queryable, after: number, limit: number): Promise<LoggedChange[]> {
  const rows = await tx.query<{ seq: string; table_name: string; row_id: string; op: 'PUT' | 'DELETE'; row: Record<string, unknown> | null }>(
    'select seq, table_name, row_id, op, row from sync_changes where seq > $1 order by seq limit $2',
    [after, limit],
  );
  return rows.map((r) => ({ seq: Number(r.seq), table: r.table_name, rowId: r.row_id, op: r.op, row: r.row }));
}

export async function readSourceStates(
  tx: Queryable,
  keys: readonly { table: string; rowId: string }[],
): Promise<Map<string, SourceState>> {
  const states = new Map<string, SourceState>();
  if (keys.length === 0) return states;
  const rows = await tx.query<{ table_name: string; row_id: string; buckets: Membership[]; lookups: Record<string, string> }>(
    `select s.table_name, s.row_id, s.buckets, s.lookups
       from sync_source_rows s
       join unnest($1::text[], $2::text[]) as k(table_name, row_id) using (table_name, row_id)`,
    [keys.map((k) => k.table), keys.map((k) => k.rowId)],
  );
  for (const r of rows) states.set(sourceKey(r.table_name, r.row_id), { buckets: r.buckets, lookups: r.lookups });
  return states;
}

/** Column types of every table in the schema, so logged JSON values can be typed (timestamps, integers). */
export async function readColumnTypes(db: Queryable): Promise<Map<string, ColumnTypes>> {
  const rows = await db.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()`,
  );
  const types = new Map<string, Map<string, string>>();
  for (const r of rows) {
    let table = types.get(r.table_name);
    if (!table) types.set(r.table_name, (table = new Map()));
    table.set(r.column_name, r.data_type);
  }
  return types;
}

/**
 * Rows for a bulk statement as one JSON text, expanded by json_to_recordset: a single parameter however large the
 * batch, and no per-element array escaping in the driver. Passed as text (cast in SQL) so that neither adapter
 * re-encodes it.
 */
const asJson = (rows: readonly unknown[]) => JSON.stringify(rows);

/**
 * Writes everything the batch decided, in the caller's transaction, and returns the new state of every bucket it
 * touched. One statement per table however large the batch.
 */
export async function writeBatch(tx: Queryable, plan: BatchPlan): Promise<Map<string, BucketState>> {
  const updated = new Map<string, BucketState>();
  if (plan.ops.length > 0) {
    await tx.query(
      `insert into sync_oplog (bucket, op_id, op, object_type, object_id, data, checksum)
       select b, i, o, t, r, d, c from json_to_recordset($1::text::json)
         as x(b text, i bigint, o text, t text, r text, d text, c bigint)`,
      // data goes in as a JSON string literal, ready to be placed in a data line (see lines.ts OpRow).
      [asJson(plan.ops.map((o) => ({ b: o.bucket, i: o.opId, o: o.op, t: o.objectType, r: o.objectId, d: o.data === null ? null : JSON.stringify(o.data), c: o.checksum })))],
    );
    const rows = await tx.query<{ bucket: string; checksum: string; count: string; last_op: string }>(
      `insert into sync_buckets (bucket, checksum, count, last_op)
       select b, c, n, l from json_to_recordset($1::text::json) as x(b text, c bigint, n bigint, l bigint)
       on conflict (bucket) do update set
         checksum = (sync_buckets.checksum + excluded.checksum) % 4294967296,
         count = sync_buckets.count + excluded.count,
         last_op = excluded.last_op
       returning bucket, checksum, count, last_op`,
      [asJson([...plan.buckets].map(([b, d]) => ({ b, c: d.checksum, n: d.count, l: d.lastOp })))],
    );
    for (const r of rows) updated.set(r.bucket, { checksum: Number(r.checksum), count: Number(r.count), lastOp: Number(r.last_op) });
  }
  await writeSourceStates(tx, plan);
  await writeParameters(tx, plan);
  return updated;
}

async function writeSourceStates(tx: Queryable, plan: BatchPlan): Promise<void> {
  const states = [...plan.states.values()];
  const isEmpty = (s: (typeof states)[number]) => s.state.buckets.length === 0 && Object.keys(s.state.lookups).length === 0;
  const keep = states.filter((s) => !isEmpty(s));
  const drop = states.filter(isEmpty);
  if (keep.length > 0) {
    await tx.query(
      `insert into sync_source_rows (table_name, row_id, buckets, lookups)
       select t, r, b, l from json_to_recordset($1::text::json) as x(t text, r text, b jsonb, l jsonb)
       on conflict (table_name, row_id) do update set buckets = excluded.buckets, lookups = excluded.lookups`,
      [asJson(keep.map((s) => ({ t: s.table, r: s.rowId, b: s.state.buckets, l: s.state.lookups })))],
    );
  }
  if (drop.length > 0) {
    await tx.query(
      `delete from sync_source_rows s using json_to_recordset($1::text::json) as k(t text, r text)
        where s.table_name = k.t and s.row_id = k.r`,
      [asJson(drop.map((s) => ({ t: s.table, r: s.rowId })))],
    );
  }
}

async function writeParameters(tx: Queryable, plan: BatchPlan): Promise<void> {
  const removed: { l: string; t: string; r: string }[] = [];
  const added: { l: string; t: string; r: string; p: string }[] = [];
  for (const write of plan.params.values()) {
    for (const lookup of Object.keys(write.before)) removed.push({ l: lookup, t: write.table, r: write.rowId });
    for (const [lookup, params] of Object.entries(write.after)) added.push({ l: lookup, t: write.table, r: write.rowId, p: params });
  }
  if (removed.length > 0) {
    await tx.query(
      `delete from sync_parameters p using json_to_recordset($1::text::json) as k(l text, t text, r text)
        where p.lookup = k.l and p.table_name = k.t and p.row_id = k.r`,
      [asJson(removed)],
    );
  }
  if (added.length > 0) {
    await tx.query(
      `insert into sync_parameters (lookup, table_name, row_id, params)
       select l, t, r, p from json_to_recordset($1::text::json) as x(l text, t text, r text, p text)`,
      [asJson(added)],
    );
  }
  if (plan.changedLookups.size > 0) {
    await tx.query(
      `insert into sync_parameter_changes (position, lookups)
       values ($1, array(select json_array_elements_text($2::text::json)))`,
      [plan.position, asJson([...plan.changedLookups])],
    );
  }
}

/** Moves the position past the batch and drops the consumed log entries; wakes streams in other processes. */
export async function advance(tx: Queryable, position: number, headOp: number): Promise<void> {
  await tx.query('update sync_state set position = $1, head_op = $2 where id = 1', [position, headOp]);
  await tx.query('delete from sync_changes where seq <= $1', [position]);
  await tx.query(`select pg_notify('tagbook_sync_ops', $1)`, [String(headOp)]);
}

/**
 * Fresh planner statistics for the sync tables. After a bulk load the planner still believes the oplog is small and
 * reads a whole bucket to return one page (a bitmap scan plus sort instead of an index range scan): a 100,000-row
 * bucket then streams at a tenth of its speed until autovacuum gets round to it.
 */
export async function refreshStatistics(db: Queryable): Promise<void> {
  await db.query('analyze sync_oplog, sync_buckets, sync_source_rows, sync_parameters');
}
