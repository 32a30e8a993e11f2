import type { Queryable } from '../../db/db.js';
import type { Membership, SourceState } from './batch.js';
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
  /** The writing transaction (xmin): one transaction's entries have consecutive seqs (writers are serialized). */
  tx: string;
  table: string;
  rowId: string;
  op: 'PUT' | 'DELETE';
  /**
   * The row as logged (PUT), as JSON text; null for DELETE, and once the planner has converted it. Parsed only then:
   * a batch waiting to be planned holds one string per row instead of an object and a string per value, which
   * every young-generation collection meanwhile would copy.
   */
  row: string | null;
}


/** Locks the state row for the rest of the transaction: a second replicator waits here and then sees our result. */
export async function lockState(tx: Queryable): Promise<ReplicatorState> {
  const [row] = await tx.query<{ position: string; head_op: string; rules_hash: string | null }>(
    'select position, head_op, rules_hash from sync_state where id = 1 for update',
  );
  if (!row) throw new Error('sync_state is missing: migration 0003 has not run');
  return { position: Number(row.position), headOp: Number(row.head_op), rulesHash: row.rules_hash };
}

type ChangeRow = { seq: string; tx: string; table_name: string; row_id: string; op: 'PUT' | 'DELETE'; row: string | null };
const toLogged = (r: ChangeRow): LoggedChange => ({ seq: Number(r.seq), tx: r.tx, table: r.table_name, rowId: r.row_id, op: r.op, row: r.row });

export async function readChanges(db: Queryable, after: number, limit: number): Promise<LoggedChange[]> {
  const rows = await db.query<ChangeRow>(
    'select seq, xmin::text as tx, table_name, row_id, op, row::text as row from sync_changes where seq > $1 order by seq limit $2',
    [after, limit],
  );
  return rows.map(toLogged);
}

/** The newest `limit` entries of the log, oldest first, with the transaction that wrote each. */
export async function readLogTail(db: Queryable, limit: number): Promise<{ seq: number; tx: string }[]> {
  const rows = await db.query<{ seq: string; tx: string }>(
    'select seq, xmin::text as tx from sync_changes order by seq desc limit $1',
    [limit],
  );
  return rows.reverse().map((r) => ({ seq: Number(r.seq), tx: r.tx }));
}

/**
 * Entries about the given source rows in (after, upTo]: a live change applied ahead of a backlog takes its row's
 * older entries with it, so no row ever goes back to an older version. Uses sync_changes_row_idx (migration 0012).
 */
export async function readChangesOf(
  db: Queryable,
  keys: readonly { table: string; rowId: string }[],
  after: number,
  upTo: number,
): Promise<LoggedChange[]> {
  if (keys.length === 0 || upTo <= after) return [];
  const rows = await db.query<ChangeRow>(
    `select c.seq, c.tx, c.table_name, c.row_id, c.op, c.row::text as row
       from unnest($1::text[], $2::text[]) as k(table_name, row_id)
       cross join lateral (
         select c.*, c.xmin::text as tx from sync_changes c
          where c.table_name = k.table_name and c.row_id = k.row_id and c.seq > $3 and c.seq <= $4 offset 0
       ) c
      order by c.seq`,
    [keys.map((k) => k.table), keys.map((k) => k.rowId), after, upTo],
  );
  return rows.map(toLogged);
}

/**
 * Index lookups, one per key, whatever the statistics say: the subquery with LIMIT (OFFSET in readChangesOf) is not
 * merged into a join, and a join is what the planner picked during a bulk load into a fresh database (statistics
 * that still say "small table"): a hash of all of sync_source_rows for every batch, a cost that grew with the load.
 */
export async function readSourceStates(
  tx: Queryable,
  keys: readonly { table: string; rowId: string }[],
): Promise<Map<string, SourceState>> {
  const states = new Map<string, SourceState>();
  if (keys.length === 0) return states;
  const rows = await tx.query<{ table_name: string; row_id: string; buckets: Membership[]; lookups: Record<string, string> }>(
    `select s.table_name, s.row_id, s.buckets, s.lookups
       from unnest($1::text[], $2::text[]) as k(table_name, row_id)
       cross join lateral (
         select * from sync_source_rows s where s.table_name = k.table_name and s.row_id = k.row_id limit 1
       ) s`,
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
 * Moves the position past a batch read in order from the log (from `from` to `position`) and drops its entries;
 * wakes streams in other processes. The delete names its range: entries below `from` are gone already, and an
 * open-ended "seq <= position" walks their dead index entries again on every batch of a bulk load.
 */
export async function advance(tx: Queryable, from: number, position: number, headOp: number): Promise<void> {
  await tx.query('update sync_state set position = $1, head_op = $2 where id = 1', [position, headOp]);
  await tx.query('delete from sync_changes where seq > $1 and seq <= $2', [from, position]);
  await tx.query(`select pg_notify('tagbook_sync_ops', $1)`, [String(headOp)]);
}

/**
 * After a batch taken out of order (live changes applied ahead of a backlog): the position stays, since older
 * entries remain, and only the entries the batch applied are dropped.
 */
export async function advanceOutOfOrder(tx: Queryable, seqs: readonly number[], headOp: number): Promise<void> {
  await tx.query('update sync_state set head_op = $1 where id = 1', [headOp]);
  await tx.query('delete from sync_changes where seq = any($1::bigint[])', [seqs]);
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
