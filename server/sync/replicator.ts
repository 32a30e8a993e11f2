import type { Db } from '../db/db.js';
import { planBatch, sourceKey, type BatchPlan, type Change } from './batch.js';
import type { SyncHub } from './hub.js';
import type { Leadership } from './leader.js';
import {
  advance,
  lockState,
  readChanges,
  readColumnTypes,
  readSourceStates,
  refreshStatistics,
  writeBatch,
  type LoggedChange,
} from './replicator-store.js';
import { toSqliteRow, type ColumnTypes } from './rows.js';
import { evaluateRow, type SyncRules } from './rules.js';

/** A bulk load this large makes stale statistics matter (see refreshStatistics). */
const ANALYZE_AFTER_OPS = 10_000;

export interface ReplicatorOptions {
  /** Changes per transaction: bounds how long one batch holds the database (PGlite serves nothing else meanwhile). */
  batchSize?: number;
  /** Safety net for a missed notification. */
  pollMs?: number;
  /** Test hook, called inside the batch transaction before it commits; throwing rolls the batch back. */
  beforeCommit?: (plan: BatchPlan) => void | Promise<void>;
}

export interface BatchOutcome {
  changes: number;
  ops: number;
  position: number;
  headOp: number;
}

/**
 * Consumes sync_changes in seq order, a batch per transaction: evaluates each row against the sync rules, writes
 * PUT/REMOVE ops, bucket checksums, the parameter index and the new position together, then tells the hub. A batch
 * either commits whole or not at all, so a restart resumes at the last committed position and nothing is skipped
 * or applied twice.
 */
export class Replicator {
  private readonly batchSize: number;
  private readonly pollMs: number;
  private columnTypes: Map<string, ColumnTypes> | null = null;
  private running: Promise<void> | null = null;
  private wanted = false;
  private stopped = true;
  private poll: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private idleWaiters: (() => void)[] = [];
  private rulesChecked = false;
  /** Ops written since the planner statistics were last refreshed. */
  private opsSinceAnalyze = 0;
  /** Totals since start, for tests and benchmarks. */
  readonly stats = { batches: 0, changes: 0, ops: 0, errors: 0 };

  constructor(
    private readonly db: Db,
    private readonly rules: SyncRules,
    private readonly hub: SyncHub,
    private readonly leadership: Leadership,
    private readonly options: ReplicatorOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.pollMs = options.pollMs ?? 5000;
  }

  /** Started and not stopped (whether it currently leads is the leadership's business). */
  get active(): boolean {
    return !this.stopped;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.columnTypes = await readColumnTypes(this.db);
    if (this.db.listen) this.unlisten = await this.db.listen('tagbook_sync_changes', () => this.wake());
    this.leadership.onAcquired(() => this.wake());
    const tick = () => {
      this.wake();
      this.poll = setTimeout(tick, this.pollMs).unref();
    };
    this.poll = setTimeout(tick, this.pollMs).unref();
    this.wake();
  }

  /** Finishes the batch in progress (if any) and stops; start() resumes from the committed position. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearTimeout(this.poll);
    this.poll = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
    await this.running?.catch(() => {});
    this.releaseIdle();
  }

  wake(): void {
    if (this.stopped) return;
    this.wanted = true;
    this.running ??= this.loop().finally(() => {
      this.running = null;
      if (this.wanted && !this.stopped) this.wake();
      else this.releaseIdle();
    });
  }

  /** Resolves once everything logged so far has been replicated (or the replicator stopped). */
  idle(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.wake();
    });
  }

  private releaseIdle() {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async loop(): Promise<void> {
    while (this.wanted && !this.stopped) {
      this.wanted = false;
      if (!this.leadership.isLeader()) return;
      try {
        if (!this.rulesChecked) {
          await this.checkRules();
          this.rulesChecked = true;
        }
        for (;;) {
          if (this.stopped) return;
          const outcome = await this.runBatch();
          this.opsSinceAnalyze += outcome?.ops ?? 0;
          if (!outcome || outcome.changes < this.batchSize) break;
        }
        if (this.opsSinceAnalyze >= ANALYZE_AFTER_OPS) {
          this.opsSinceAnalyze = 0;
          await refreshStatistics(this.db);
        }
      } catch (error) {
        this.stats.errors++;
        console.error('sync: replication batch failed; retrying at the next poll', error);
        return;
      }
    }
  }

  /** A new or edited sync-rules.yaml: every current row is logged again, so buckets follow the new rules. */
  private async checkRules(): Promise<void> {
    await this.db.transaction(async (tx) => {
      const state = await lockState(tx);
      if (state.rulesHash === this.rules.hash) return;
      // Null: the oplog was never built. Migration 0003 already logged the rows that existed before it.
      if (state.rulesHash !== null) await tx.query('select tagbook_sync_snapshot()');
      await tx.query('update sync_state set rules_hash = $1 where id = 1', [this.rules.hash]);
    });
  }

  /** One batch in one transaction; null when the log had nothing new. */
  async runBatch(): Promise<BatchOutcome | null> {
    let plan: BatchPlan | null = null;
    let updated: Awaited<ReturnType<typeof writeBatch>> = new Map();
    await this.db.transaction(async (tx) => {
      const state = await lockState(tx);
      const logged = await readChanges(tx, state.position, this.batchSize);
      if (logged.length === 0) return;
      const changes = logged.map((c) => this.toChange(c));
      const keys = new Map(changes.map((c) => [sourceKey(c.table, c.rowId), { table: c.table, rowId: c.rowId }]));
      const prior = await readSourceStates(tx, [...keys.values()]);
      plan = planBatch(changes, prior, (table, record) => evaluateRow(this.rules, table, record), state.headOp);
      updated = await writeBatch(tx, plan);
      await advance(tx, plan.position, plan.headOp);
      await this.options.beforeCommit?.(plan);
    });
    if (plan === null) return null;
    const done: BatchPlan = plan;
    for (const error of done.errors) console.warn(`sync: rule evaluation error: ${error}`);
    this.stats.batches++;
    this.stats.changes += done.changeCount;
    this.stats.ops += done.ops.length;
    this.hub.publish({ head: done.headOp, position: done.position, buckets: updated, lookups: done.changedLookups });
    return { changes: done.changeCount, ops: done.ops.length, position: done.position, headOp: done.headOp };
  }

  private toChange(logged: LoggedChange): Change {
    const types = this.columnTypes?.get(logged.table);
    return {
      seq: logged.seq,
      table: logged.table,
      rowId: logged.rowId,
      op: logged.op,
      record: logged.row === null ? null : toSqliteRow(logged.row, types),
    };
  }
}
