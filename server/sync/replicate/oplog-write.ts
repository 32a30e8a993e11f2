import type { Queryable } from '../../db/db.js';
import { isEmpty, type BatchPlan, type PlannedOp } from './batch.js';
import { CopyBinary } from './copy-binary.js';
import { literalBytes, literalText, type LiteralArena } from './literal-arena.js';
import type { BucketState } from '../bucket-state.js';

/**
 * Writes everything a replicator batch decided, in the caller's transaction, and returns the new state of every
 * bucket it touched. On PostgreSQL the bulk of it (ops, new source rows, parameter-index rows) goes by binary COPY:
 * one block per table, each value written once into it and read back by length, no JSON for PostgreSQL to parse
 * (copy-binary.ts). PGlite has no COPY FROM STDIN through our adapter: there one JSON text per table, expanded by
 * json_to_recordset (a single parameter however large the batch).
 */
export async function writeBatch(tx: Queryable, plan: BatchPlan): Promise<Map<string, BucketState>> {
  const updated = new Map<string, BucketState>();
  if (plan.ops.length > 0) {
    await (tx.copyFrom ? copyOps(tx, plan.ops, plan.literals) : insertOpsJson(tx, plan.ops, plan.literals));
    for (const r of await upsertBuckets(tx, plan)) {
      updated.set(r.bucket, { checksum: Number(r.checksum), count: Number(r.count), lastOp: Number(r.last_op) });
    }
  }
  await writeSourceStates(tx, plan);
  await writeParameters(tx, plan);
  return updated;
}

/** Every COPY here sends copy-binary.ts's format. */
const BINARY = 'with (format binary)';

/** Bytes a typical op takes in a COPY block (a vehicle's row data is most of it): the first buffer's size. */
const OP_BYTES = 512;

async function copyOps(tx: Queryable, ops: readonly PlannedOp[], literals: LiteralArena | null): Promise<void> {
  const copy = new CopyBinary(ops.length * OP_BYTES);
  for (const o of ops) {
    copy.row(7).text(o.bucket).int8(o.opId).text(o.op).text(o.objectType).text(o.objectId);
    const data = o.dataLiteral;
    if (typeof data === 'number') copy.utf8(literalBytes(data, literals));
    else copy.text(data);
    copy.int8(o.checksum);
  }
  await tx.copyFrom!(`copy sync_oplog (bucket, op_id, op, object_type, object_id, data, checksum) from stdin ${BINARY}`, copy.toBuffer());
}

/** Rows for a bulk statement as one JSON text; passed as text (cast in SQL) so that neither adapter re-encodes it. */
const asJson = (rows: readonly unknown[]) => JSON.stringify(rows);

async function insertOpsJson(tx: Queryable, ops: readonly PlannedOp[], literals: LiteralArena | null): Promise<void> {
  await tx.query(
    `insert into sync_oplog (bucket, op_id, op, object_type, object_id, data, checksum)
     select b, i, o, t, r, d, c from json_to_recordset($1::text::json)
       as x(b text, i bigint, o text, t text, r text, d text, c bigint)`,
    [asJson(ops.map((o) => ({ b: o.bucket, i: o.opId, o: o.op, t: o.objectType, r: o.objectId, d: o.dataLiteral === null ? null : literalText(o.dataLiteral, literals), c: o.checksum })))],
  );
}

/** Bucket totals move by the batch's deltas; the new totals come back for the hub. Arrays: one per column. */
function upsertBuckets(tx: Queryable, plan: BatchPlan) {
  const names: string[] = [];
  const checksums: number[] = [];
  const counts: number[] = [];
  const lastOps: number[] = [];
  for (const [bucket, delta] of plan.buckets) {
    names.push(bucket);
    checksums.push(delta.checksum);
    counts.push(delta.count);
    lastOps.push(delta.lastOp);
  }
  return tx.query<{ bucket: string; checksum: string; count: string; last_op: string }>(
    `insert into sync_buckets (bucket, checksum, count, last_op)
     select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[])
     on conflict (bucket) do update set
       checksum = (sync_buckets.checksum + excluded.checksum) % 4294967296,
       count = sync_buckets.count + excluded.count,
       last_op = excluded.last_op
     returning bucket, checksum, count, last_op`,
    [names, checksums, counts, lastOps],
  );
}

async function writeSourceStates(tx: Queryable, plan: BatchPlan): Promise<void> {
  const copy = new CopyBinary();
  const upsert: { t: string; r: string; b: unknown; l: unknown }[] = [];
  const drop: { t: string; r: string }[] = [];
  for (const s of plan.states.values()) {
    if (isEmpty(s.state)) {
      if (s.existed) drop.push({ t: s.table, r: s.rowId });
    } else if (!s.existed && tx.copyFrom) {
      // New rows (most of a bulk load): the planner saw no stored state for them, and the batch commits only if no
      // other batch ran since it looked (Replicator.commit), so a plain insert cannot conflict.
      copy.row(4).text(s.table).text(s.rowId).jsonb(JSON.stringify(s.state.buckets)).jsonb(JSON.stringify(s.state.lookups));
    } else {
      upsert.push({ t: s.table, r: s.rowId, b: s.state.buckets, l: s.state.lookups });
    }
  }
  if (copy.rows > 0) await tx.copyFrom!(`copy sync_source_rows (table_name, row_id, buckets, lookups) from stdin ${BINARY}`, copy.toBuffer());
  if (upsert.length > 0) {
    await tx.query(
      `insert into sync_source_rows (table_name, row_id, buckets, lookups)
       select t, r, b, l from json_to_recordset($1::text::json) as x(t text, r text, b jsonb, l jsonb)
       on conflict (table_name, row_id) do update set buckets = excluded.buckets, lookups = excluded.lookups`,
      [asJson(upsert)],
    );
  }
  if (drop.length > 0) {
    await tx.query(
      `delete from sync_source_rows s using json_to_recordset($1::text::json) as k(t text, r text)
        where s.table_name = k.t and s.row_id = k.r`,
      [asJson(drop)],
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
  // Removed first: a row whose lookup stays but whose parameters changed is deleted and inserted again.
  if (removed.length > 0) {
    await tx.query(
      `delete from sync_parameters p using json_to_recordset($1::text::json) as k(l text, t text, r text)
        where p.lookup = k.l and p.table_name = k.t and p.row_id = k.r`,
      [asJson(removed)],
    );
  }
  if (added.length > 0 && tx.copyFrom) {
    const copy = new CopyBinary();
    for (const a of added) copy.row(4).text(a.l).text(a.t).text(a.r).text(a.p);
    await tx.copyFrom(`copy sync_parameters (lookup, table_name, row_id, params) from stdin ${BINARY}`, copy.toBuffer());
  } else if (added.length > 0) {
    await tx.query(
      `insert into sync_parameters (lookup, table_name, row_id, params)
       select l, t, r, p from json_to_recordset($1::text::json) as x(l text, t text, r text, p text)`,
      [asJson(added)],
    );
  }
  if (plan.changedLookups.size > 0) {
    await tx.query(
      `insert into sync_parameter_changes (position, head_op, lookups)
       values ($1, $2, array(select json_array_elements_text($3::text::json)))`,
      [plan.position, plan.headOp, asJson([...plan.changedLookups])],
    );
  }
}
