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
 * Writes everything the batch decided, in the caller's transaction, and returns the new state of every bucket it
 * touched. Bulk statements over unnest(): one round trip per table however large the batch.
 */
export async function writeBatch(tx: Queryable, plan: BatchPlan): Promise<Map<string, BucketState>> {
  const updated = new Map<string, BucketState>();
  if (plan.ops.length > 0) {
    const ops = plan.ops;
    await tx.query(
      `insert into sync_oplog (bucket, op_id, op, object_type, object_id, data, checksum)
       select * from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])`,
      [
        ops.map((o) => o.bucket),
        ops.map((o) => o.opId),
        ops.map((o) => o.op),
        ops.map((o) => o.objectType),
        ops.map((o) => o.objectId),
        ops.map((o) => o.data),
        ops.map((o) => o.checksum),
      ],
    );
    const buckets = [...plan.buckets.entries()];
    const rows = await tx.query<{ bucket: string; checksum: string; count: string; last_op: string }>(
      `insert into sync_buckets (bucket, checksum, count, last_op)
       select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[])
       on conflict (bucket) do update set
         checksum = (sync_buckets.checksum + excluded.checksum) % 4294967296,
         count = sync_buckets.count + excluded.count,
         last_op = excluded.last_op
       returning bucket, checksum, count, last_op`,
      [buckets.map(([b]) => b), buckets.map(([, d]) => d.checksum), buckets.map(([, d]) => d.count), buckets.map(([, d]) => d.lastOp)],
    );
    for (const r of rows) updated.set(r.bucket, { checksum: Number(r.checksum), count: Number(r.count), lastOp: Number(r.last_op) });
  }
  await writeSourceStates(tx, plan);
  await writeParameters(tx, plan);
  return updated;
}

async function writeSourceStates(tx: Queryable, plan: BatchPlan): Promise<void> {
  const keep = [...plan.states.values()].filter((s) => s.state.buckets.length > 0 || Object.keys(s.state.lookups).length > 0);
  const drop = [...plan.states.values()].filter((s) => s.state.buckets.length === 0 && Object.keys(s.state.lookups).length === 0);
  if (keep.length > 0) {
    await tx.query(
      `insert into sync_source_rows (table_name, row_id, buckets, lookups)
       select t, r, b::jsonb, l::jsonb from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as x(t, r, b, l)
       on conflict (table_name, row_id) do update set buckets = excluded.buckets, lookups = excluded.lookups`,
      [
        keep.map((s) => s.table),
        keep.map((s) => s.rowId),
        keep.map((s) => JSON.stringify(s.state.buckets)),
        keep.map((s) => JSON.stringify(s.state.lookups)),
      ],
    );
  }
  if (drop.length > 0) {
    await tx.query(
      `delete from sync_source_rows s using unnest($1::text[], $2::text[]) as k(table_name, row_id)
        where s.table_name = k.table_name and s.row_id = k.row_id`,
      [drop.map((s) => s.table), drop.map((s) => s.rowId)],
    );
  }
}

async function writeParameters(tx: Queryable, plan: BatchPlan): Promise<void> {
  const removed: [string, string, string][] = [];
  const added: [string, string, string, string][] = [];
  for (const write of plan.params.values()) {
    for (const lookup of Object.keys(write.before)) removed.push([lookup, write.table, write.rowId]);
    for (const [lookup, params] of Object.entries(write.after)) added.push([lookup, write.table, write.rowId, params]);
  }
  if (removed.length > 0) {
    await tx.query(
      `delete from sync_parameters p using unnest($1::text[], $2::text[], $3::text[]) as k(lookup, table_name, row_id)
        where p.lookup = k.lookup and p.table_name = k.table_name and p.row_id = k.row_id`,
      [removed.map((r) => r[0]), removed.map((r) => r[1]), removed.map((r) => r[2])],
    );
  }
  if (added.length > 0) {
    await tx.query(
      `insert into sync_parameters (lookup, table_name, row_id, params)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
      [added.map((r) => r[0]), added.map((r) => r[1]), added.map((r) => r[2]), added.map((r) => r[3])],
    );
  }
  if (plan.changedLookups.size > 0) {
    await tx.query('insert into sync_parameter_changes (position, lookups) values ($1, $2::text[])', [
      plan.position,
      [...plan.changedLookups],
    ]);
  }
}

/** Moves the position past the batch and drops the consumed log entries; wakes streams in other processes. */
export async function advance(tx: Queryable, position: number, headOp: number): Promise<void> {
  await tx.query('update sync_state set position = $1, head_op = $2 where id = 1', [position, headOp]);
  await tx.query('delete from sync_changes where seq <= $1', [position]);
  await tx.query(`select pg_notify('tagbook_sync_ops', $1)`, [String(headOp)]);
}
