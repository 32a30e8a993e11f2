import type { SqliteValue } from '@powersync/service-sync-rules';
import { addChecksums, putChecksum, removeChecksum } from '../checksum.js';
import type { DataLiteral, LiteralArena } from './literal-arena.js';
import type { BucketRow } from '../bucket-row.js';
import type { RowEvaluation } from '../rules.js';

/**
 * Pure planning of one replicator batch: given the logged changes, what each source row produced before, and an
 * evaluator, decide the oplog ops, bucket deltas and parameter-index writes. No I/O here, so the rules that keep
 * devices correct (every op counted once, REMOVE for buckets a row left) are unit-tested directly.
 */

export interface Change {
  seq: number;
  table: string;
  rowId: string;
  op: 'PUT' | 'DELETE';
  /** The row as the rules read it (PUT); null for DELETE. */
  record: Record<string, SqliteValue> | null;
}

/** [bucket, object_type, object_id]: one place a source row appears on devices. */
export type Membership = [string, string, string];

export interface SourceState {
  buckets: Membership[];
  /** lookup → bucket parameters (JSONBig text) */
  lookups: Record<string, string>;
}

export interface PlannedOp {
  bucket: string;
  opId: number;
  op: 'PUT' | 'REMOVE';
  objectType: string;
  objectId: string;
  /** The row's JSON text as a JSON string literal, or its handle in the plan's arena (BucketRow); null for REMOVE. */
  dataLiteral: DataLiteral | null;
  checksum: number;
}

export interface BucketDelta {
  checksum: number;
  count: number;
  lastOp: number;
}

export interface ParamWrite {
  table: string;
  rowId: string;
  /** What the index holds for the row now (to delete) and what it must hold after the batch. */
  before: Record<string, string>;
  after: Record<string, string>;
}

export interface PlannedState {
  table: string;
  rowId: string;
  state: SourceState;
  existed: boolean;
}

export interface BatchPlan {
  ops: PlannedOp[];
  buckets: Map<string, BucketDelta>;
  /**
   * Final state of every source row the batch touched; empty state means "forget the row". existed: a state was
   * stored for the row before the batch (so the writer updates or deletes it; otherwise it inserts or skips it).
   */
  states: Map<string, PlannedState>;
  params: Map<string, ParamWrite>;
  changedLookups: Set<string>;
  /** Where the ops' literal handles point (literal-arena.ts); null when every literal is text. */
  literals: LiteralArena | null;
  headOp: number;
  position: number;
  changeCount: number;
  errors: string[];
}

export const EMPTY_STATE: SourceState = Object.freeze({ buckets: [], lookups: {} }) as SourceState;

export function sourceKey(table: string, rowId: string): string {
  return `${table}\u0000${rowId}`;
}

const membershipKey = (m: Membership) => `${m[0]}\u0000${m[1]}\u0000${m[2]}`;

/** An evaluated row as planning takes it: its literals may have moved to the batch's arena (batch-planner.ts). */
export interface Evaluated {
  rows: readonly (Omit<BucketRow, 'dataLiteral'> & { dataLiteral: DataLiteral })[];
  params: ReadonlyMap<string, string>;
  errors: readonly string[];
}

/** A change whose row no bucket or parameter takes: a delete, or a row that left every bucket. */
export const NOTHING: RowEvaluation = Object.freeze({ rows: [], params: new Map(), errors: [] }) as unknown as RowEvaluation;

/**
 * evaluate: what the rules make of a PUT change's row (the caller may have evaluated it already and let go of the
 * row itself; see batch-planner.ts). literals: where the evaluations' literal handles point, if any.
 */
export function planBatch(
  changes: readonly Change[],
  prior: ReadonlyMap<string, SourceState>,
  evaluate: (change: Change) => Evaluated,
  headOp: number,
  literals: LiteralArena | null = null,
): BatchPlan {
  const plan: BatchPlan = {
    ops: [],
    buckets: new Map(),
    states: new Map(),
    params: new Map(),
    changedLookups: new Set(),
    literals,
    headOp,
    position: 0,
    changeCount: changes.length,
    errors: [],
  };
  const addOp = (bucket: string, op: PlannedOp['op'], objectType: string, objectId: string, dataLiteral: DataLiteral | null) => {
    const opId = ++plan.headOp;
    const checksum = op === 'PUT' ? putChecksum(objectType, objectId, opId) : removeChecksum(objectType, objectId);
    plan.ops.push({ bucket, opId, op, objectType, objectId, dataLiteral, checksum });
    const delta = plan.buckets.get(bucket);
    if (delta === undefined) {
      plan.buckets.set(bucket, { checksum, count: 1, lastOp: opId });
    } else {
      delta.checksum = addChecksums(delta.checksum, checksum);
      delta.count += 1;
      delta.lastOp = opId;
    }
  };

  for (const change of changes) {
    plan.position = Math.max(plan.position, change.seq);
    const key = sourceKey(change.table, change.rowId);
    const earlier = plan.states.get(key);
    const stored = prior.get(key);
    const before = earlier?.state ?? stored ?? EMPTY_STATE;
    const evaluation: Evaluated = change.op === 'PUT' ? evaluate(change) : NOTHING;
    for (const error of evaluation.errors) plan.errors.push(`${change.table} ${change.rowId}: ${error}`);

    const now: Membership[] = [];
    for (const row of evaluation.rows) now.push([row.bucket, row.objectType, row.objectId]);
    // Removals first: a row that moved buckets disappears from the old one before it appears in the new one. (A new
    // row, most of a bulk load, has nothing to remove: no set of keys is built for it.)
    if (before.buckets.length > 0) {
      const kept = new Set(now.map(membershipKey));
      for (const old of before.buckets) {
        if (!kept.has(membershipKey(old))) addOp(old[0], 'REMOVE', old[1], old[2], null);
      }
    }
    for (const row of evaluation.rows) {
      addOp(row.bucket, 'PUT', row.objectType, row.objectId, row.dataLiteral);
    }

    const lookups: Record<string, string> = {};
    for (const [lookup, params] of evaluation.params) lookups[lookup] = params;
    const changed = changedKeys(before.lookups, lookups);
    if (changed.length > 0) {
      for (const lookup of changed) plan.changedLookups.add(lookup);
      const write = plan.params.get(key);
      if (write) write.after = lookups;
      else plan.params.set(key, { table: change.table, rowId: change.rowId, before: before.lookups, after: lookups });
    }
    const existed = earlier?.existed ?? (stored !== undefined && !isEmpty(stored));
    plan.states.set(key, { table: change.table, rowId: change.rowId, state: { buckets: now, lookups }, existed });
  }
  return plan;
}

export function isEmpty(state: SourceState): boolean {
  if (state.buckets.length > 0) return false;
  for (const _ in state.lookups) return false;
  return true;
}

function changedKeys(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): string[] {
  const changed: string[] = [];
  for (const key in a) if (b[key] !== a[key]) changed.push(key);
  for (const key in b) if (!(key in a)) changed.push(key);
  return changed;
}
