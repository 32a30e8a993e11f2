import type { Db } from '../../db/db.js';
import { isEmpty, NOTHING, planBatch, sourceKey, type BatchPlan, type Change, type Evaluated, type PlannedState, type SourceState } from './batch.js';
import { LiteralArena } from './literal-arena.js';
import { LogCursor } from './log-cursor.js';
import { readChanges, readChangesOf, readLogTail, readSourceStates, type LoggedChange } from './replicator-store.js';
import { toSqliteRow, type ColumnTypes } from './rows.js';
import { evaluateRow, type RowEvaluation, type SyncRules } from '../rules.js';

/**
 * Rows evaluated between two turns of the event loop. Planning is Node's CPU and writing the batch before is
 * PostgreSQL's; the writer needs a turn after each of its statements to send the next, so a plan computed in one
 * go (~30 ms for 1,000 rows) would leave PostgreSQL idle that long after every statement. 20 rows take about a
 * millisecond; 100 left the writer waiting measurably longer.
 */
const EVALUATE_SLICE = 20;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A planned batch and the sync_state it was planned against. */
export interface Prepared {
  plan: BatchPlan;
  from: { position: number; headOp: number };
  /** Null: an in-order batch, the position moves to plan.position. Otherwise the live entries applied ahead. */
  live: LoggedChange[] | null;
  /** An in-order batch that read the whole log: nothing more to do once it commits. */
  last: boolean;
}

/**
 * Reads the change log and plans the replicator's next batch, outside any transaction: the replicator runs this
 * while the batch before is being written. Which entries a batch takes is log-cursor.ts's business; what they turn
 * into is batch.ts's.
 */
export class BatchPlanner {
  constructor(
    private readonly db: Db,
    private readonly rules: SyncRules,
    private readonly columnTypes: ReadonlyMap<string, ColumnTypes>,
    private readonly batchSize: number,
  ) {}

  /**
   * The next batch: live changes first while a backlog is worked through, else the log in order; null when there is
   * nothing to do. inFlight: the source-row states of the batch being written (the database does not show them yet).
   */
  async prepare(cursor: LogCursor, inFlight: ReadonlyMap<string, PlannedState>): Promise<Prepared | null> {
    const from = { position: cursor.position, headOp: cursor.headOp };
    if (cursor.takesLive) {
      const live = await readChanges(this.db, cursor.liveAfter, this.batchSize);
      if (live.length > 0) {
        const older = await readChangesOf(this.db, LogCursor.rows(live), cursor.position, cursor.liveAfter);
        const changes = cursor.takeLive(live, older);
        const plan = await this.plan(changes, from.headOp, inFlight);
        // Streams act on an event only when the head or the position moved, and a batch applied ahead keeps the
        // position: parameter changes without a single op would go unnoticed. Such a batch waits, and the rest of
        // this backlog goes in order (a row of a parameter-only table changed during a bulk load; rare).
        if (plan.changedLookups.size === 0 || plan.ops.length > 0) {
          plan.position = from.position;
          return { plan, from, live: changes, last: false };
        }
        cursor.refuseLive();
      }
    }
    const read = await readChanges(this.db, cursor.position, this.batchSize);
    const { changes, position, full } = cursor.takeInOrder(read, this.batchSize);
    if (position === cursor.position) return null;
    if (full && cursor.needsBacklogEnd(position)) {
      cursor.noteBacklog(await readLogTail(this.db, this.batchSize), read[read.length - 1]!.tx, position);
    }
    const plan = await this.plan(changes, from.headOp, inFlight);
    plan.position = position;
    return { plan, from, live: null, last: !full };
  }

  private async plan(logged: readonly LoggedChange[], headOp: number, inFlight: ReadonlyMap<string, PlannedState>): Promise<BatchPlan> {
    const keys = new Map<string, { table: string; rowId: string }>();
    for (const c of logged) {
      const key = sourceKey(c.table, c.rowId);
      if (!inFlight.has(key)) keys.set(key, { table: c.table, rowId: c.rowId });
    }
    // The stored states are read while the rows are evaluated.
    const stored = readSourceStates(this.db, [...keys.values()]);
    stored.catch(() => {});
    // About two literals of ~500 bytes a row (a row in two buckets).
    const literals = new LiteralArena(logged.length * 1024);
    const { changes, evaluations } = await this.evaluateAll(logged, literals);
    const prior: Map<string, SourceState> = await stored;
    for (const c of changes) {
      const key = sourceKey(c.table, c.rowId);
      const planned = inFlight.get(key);
      if (planned && !isEmpty(planned.state)) prior.set(key, planned.state);
    }
    return planBatch(changes, prior, (change) => evaluations.get(change) ?? NOTHING, headOp, literals);
  }

  /**
   * The batch's changes with the rule evaluations of their new row versions, a slice at a time (EVALUATE_SLICE).
   * Only the evaluations are kept, and their data literals move to the batch's arena: each logged row, its SQLite
   * form and its literals are let go of as soon as the row is evaluated, so the young generation's collections,
   * which come every few slices, do not copy a whole batch of them each time (in a profile of a bulk load, GC was
   * the largest single item of the server's CPU).
   */
  private async evaluateAll(
    logged: readonly LoggedChange[],
    literals: LiteralArena,
  ): Promise<{ changes: Change[]; evaluations: Map<Change, Evaluated> }> {
    const changes: Change[] = [];
    const evaluations = new Map<Change, Evaluated>();
    for (let i = 0; i < logged.length; i++) {
      const entry = logged[i]!;
      const change = this.toChange(entry);
      entry.row = null;
      if (change.op === 'PUT' && change.record !== null) {
        evaluations.set(change, moveLiterals(evaluateRow(this.rules, change.table, change.record), literals));
        change.record = null;
      }
      changes.push(change);
      if (i % EVALUATE_SLICE === EVALUATE_SLICE - 1) await nextTurn();
    }
    return { changes, evaluations };
  }

  private toChange(logged: LoggedChange): Change {
    return {
      seq: logged.seq,
      table: logged.table,
      rowId: logged.rowId,
      op: logged.op,
      record: logged.row === null ? null : toSqliteRow(JSON.parse(logged.row) as Record<string, unknown>, this.columnTypes.get(logged.table)),
    };
  }
}

/**
 * The evaluation with each of its rows' literals moved to the arena; rows of one query share theirs. Writing a
 * literal into the arena also reads it whole, so V8 never keeps it as the tree of pieces it was built from.
 */
export function moveLiterals(evaluation: RowEvaluation, literals: LiteralArena): Evaluated {
  let last: string | null = null;
  let handle = 0;
  const rows = evaluation.rows.map((row) => {
    if (row.dataLiteral !== last) {
      last = row.dataLiteral;
      handle = literals.add(last);
    }
    return { bucket: row.bucket, objectType: row.objectType, objectId: row.objectId, dataLiteral: handle };
  });
  return { rows, params: evaluation.params, errors: evaluation.errors };
}
