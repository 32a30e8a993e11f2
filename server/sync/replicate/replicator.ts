import type { Db } from '../../db/db.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import type { BatchPlan, PlannedState } from './batch.js';
import { BatchPlanner, type Prepared } from './batch-planner.js';
import type { SyncHub } from '../hub.js';
import type { Leadership } from './leader.js';
import { LogCursor } from './log-cursor.js';
import { writeBatch } from './oplog-write.js';
import type { BucketState } from '../bucket-state.js';
import { advance, advanceOutOfOrder, lockState, readColumnTypes, refreshStatistics } from './replicator-store.js';
import type { SyncRules } from '../rules.js';

/** A bulk load this large makes stale statistics matter (see refreshStatistics). */
const ANALYZE_AFTER_OPS = 10_000;

/**
 * After a failed batch the next try comes this soon, doubling with each failure in a row up to the poll interval:
 * a dropped database connection is usually back at once, and replication should not wait a whole poll for it.
 */
const RETRY_FIRST_MS = 100;

export interface ReplicatorOptions {
  /** Changes per transaction: bounds how long one batch holds the database (PGlite serves nothing else meanwhile). */
  batchSize?: number;
  /** Safety net for a missed notification. */
  pollMs?: number;
  /** Ops written between two refreshes of the planner statistics (see refreshStatistics). */
  analyzeAfterOps?: number;
  /** Test hook, called inside the batch transaction before it commits; throwing rolls the batch back. */
  beforeCommit?: (plan: BatchPlan) => void | Promise<void>;
}

export interface BatchOutcome {
  changes: number;
  ops: number;
  position: number;
  headOp: number;
}

/** Another process replicated since this one planned: drop the plan and start again from what it committed. */
class StalePlan extends Error {}

/**
 * Consumes sync_changes, a batch per transaction: evaluates each row against the sync rules, writes PUT/REMOVE ops,
 * bucket checksums, the parameter index and the new position together, then tells the hub. A batch either commits
 * whole or not at all, so a restart resumes at the last committed position and nothing is skipped or applied twice.
 *
 * Throughput: the next batch is read and planned (Node's CPU) while the current one is written (PostgreSQL's), so
 * the two overlap instead of taking turns. The plan carries the state it assumed; the writing transaction locks
 * sync_state and refuses the plan if anything else moved it. Live changes do not wait behind a backlog: see
 * log-cursor.ts.
 */
export class Replicator {
  private readonly batchSize: number;
  private readonly pollMs: number;
  private planner: BatchPlanner;
  private running: Promise<void> | null = null;
  private wanted = false;
  private stopped = true;
  private poll: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  /** Failed batches in a row (the retry's back-off). */
  private failures = 0;
  private unlisten: (() => Promise<void>) | null = null;
  private idleWaiters: (() => void)[] = [];
  private rulesChecked = false;
  /** This process's hub holds what was replicated before it took replication over (see takeOver). */
  private caughtUp = false;
  private readonly analyzeAfterOps: number;
  /** Ops written since the planner statistics were last refreshed. */
  private opsSinceAnalyze = 0;
  /** The statistics refresh under way, if any: it runs beside replication, never in its way. */
  private analyzing: Promise<void> | null = null;
  /** Totals since start, for tests and benchmarks. */
  readonly stats = { batches: 0, changes: 0, ops: 0, errors: 0, liveBatches: 0 };

  constructor(
    private readonly db: Db,
    private readonly rules: SyncRules,
    private readonly hub: SyncHub,
    private readonly leadership: Leadership,
    private readonly options: ReplicatorOptions = {},
    /**
     * Brings the hub up to what the database holds (the follower's catch-up). Run each time this process takes
     * replication over, before its first batch: the previous leader's last batches may not have reached this
     * process's streams yet (a notification on its way, or lost with a dropped connection), and once this process
     * publishes batches of its own, the hub takes no older event, nor does the follower look any more.
     */
    private readonly takeOver: () => Promise<void> = async () => {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.pollMs = options.pollMs ?? 5000;
    this.analyzeAfterOps = options.analyzeAfterOps ?? ANALYZE_AFTER_OPS;
    this.planner = new BatchPlanner(db, rules, new Map(), this.batchSize);
  }

  /** Started and not stopped (whether it currently leads is the leadership's business). */
  get active(): boolean {
    return !this.stopped;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.planner = new BatchPlanner(this.db, this.rules, await readColumnTypes(this.db), this.batchSize);
    if (this.db.listen) this.unlisten = await this.db.listen('tagbook_sync_changes', () => this.wake());
    this.leadership.onAcquired(() => {
      this.caughtUp = false;
      this.wake();
    });
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
    if (this.retry) clearTimeout(this.retry);
    this.poll = null;
    this.retry = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
    await this.running?.catch(() => {});
    await this.analyzing;
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
        if (!this.caughtUp) {
          await this.takeOver();
          this.caughtUp = true;
        }
        if (!this.rulesChecked) {
          await this.checkRules();
          this.rulesChecked = true;
        }
        await this.drain();
        this.failures = 0;
        if (this.opsSinceAnalyze >= this.analyzeAfterOps && !this.analyzing) {
          this.opsSinceAnalyze = 0;
          this.analyzing = this.analyzeBeside();
        }
      } catch (error) {
        if (error instanceof StalePlan) {
          this.wanted = true;
          continue;
        }
        this.stats.errors++;
        const delay = Math.min(this.pollMs, RETRY_FIRST_MS * 2 ** this.failures++);
        // Unavailability is expected now and then, and its message says all; anything else gets its stack.
        console.error(`sync: replication batch failed; retrying in ${delay} ms:`, isDatabaseUnavailable(error) ? (error as Error).message : error);
        this.retry ??= setTimeout(() => {
          this.retry = null;
          this.wake();
        }, delay).unref();
        return;
      }
    }
  }

  /**
   * ANALYZE of the sync tables after a bulk load, on a connection of its own: it takes about a second for a load of
   * 100,000 rows, and a change made meanwhile must not wait for it (it did: live changes at the end of a load took
   * over a second to reach the oplog).
   */
  private async analyzeBeside(): Promise<void> {
    try {
      await refreshStatistics(this.db);
    } catch (error) {
      console.error('sync: refreshing the planner statistics failed', error);
    } finally {
      this.analyzing = null;
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

  /**
   * Batches until the log is consumed, each planned while the one before it is written. A plan reads the source
   * rows' stored states outside the writing transaction: those the batch in flight is changing come from its plan
   * instead (`inFlight`); every batch before it has committed by then.
   */
  private async drain(): Promise<void> {
    const [row] = await this.db.query<{ position: string; head_op: string }>('select position, head_op from sync_state where id = 1');
    if (!row) throw new Error('sync_state is missing: migration 0003 has not run');
    const cursor = new LogCursor(Number(row.position), Number(row.head_op));
    let writing: Promise<BatchOutcome> | null = null;
    let inFlight: ReadonlyMap<string, PlannedState> = new Map();
    try {
      for (;;) {
        const next = this.stopped ? null : await this.planner.prepare(cursor, inFlight);
        if (writing) {
          const done = writing;
          writing = null;
          await done;
        }
        if (!next) return;
        writing = this.commit(next);
        // Awaited at the next turn; until then a failure must not count as unhandled.
        writing.catch(() => {});
        inFlight = next.plan.states;
        if (next.live) cursor.tookLive(next.live, next.plan.headOp);
        else cursor.tookInOrder(next.plan.position, next.plan.headOp);
        if (next.last) {
          await writing;
          return;
        }
      }
    } finally {
      await writing?.catch(() => {});
    }
  }

  /** Writes a planned batch in one transaction, if sync_state is still where the plan assumed it. */
  private async commit(next: Prepared): Promise<BatchOutcome> {
    const { plan, from } = next;
    let updated = new Map<string, BucketState>();
    await this.db.transaction(async (tx) => {
      const state = await lockState(tx);
      if (state.position !== from.position || state.headOp !== from.headOp) throw new StalePlan();
      updated = await writeBatch(tx, plan);
      if (next.live) await advanceOutOfOrder(tx, next.live.map((c) => c.seq), plan.headOp);
      else await advance(tx, from.position, plan.position, plan.headOp);
      await this.options.beforeCommit?.(plan);
    });
    for (const error of plan.errors) console.warn(`sync: rule evaluation error: ${error}`);
    this.stats.batches++;
    if (next.live) this.stats.liveBatches++;
    this.stats.changes += plan.changeCount;
    this.stats.ops += plan.ops.length;
    this.opsSinceAnalyze += plan.ops.length;
    this.hub.publish({ head: plan.headOp, position: plan.position, buckets: updated, lookups: plan.changedLookups });
    return { changes: plan.changeCount, ops: plan.ops.length, position: plan.position, headOp: plan.headOp };
  }

  /** One batch, planned and written in turn (tests); null when the log had nothing new. */
  async runBatch(): Promise<BatchOutcome | null> {
    const [row] = await this.db.query<{ position: string; head_op: string }>('select position, head_op from sync_state where id = 1');
    const next = await this.planner.prepare(new LogCursor(Number(row?.position ?? 0), Number(row?.head_op ?? 0)), new Map());
    return next ? this.commit(next) : null;
  }
}
