import type { Db } from '../../db/db.js';
import { planCompaction, type CompactableOp } from './compact-plan.js';

/** Key for the per-bucket transaction lock, so two processes never compact the same bucket at once. */
const COMPACT_LOCK_KEY = 7_305_420_005;
/** Parameter-change records older than this only serve processes that are that far behind (they then re-poll). */
const PARAMETER_CHANGES_KEPT = '1 day';

export interface CompactionReport {
  buckets: number;
  opsBefore: number;
  opsAfter: number;
}

/**
 * Compacts every bucket that received ops since it was last compacted, one transaction per bucket, and trims old
 * parameter-change records. Safe while the replicator runs: it only looks at ops up to the bucket's last op at the
 * start, and adjusts the bucket's count relative to whatever the replicator added meanwhile.
 */
export async function compactOplog(db: Db): Promise<CompactionReport> {
  const report: CompactionReport = { buckets: 0, opsBefore: 0, opsAfter: 0 };
  const buckets = await db.query<{ bucket: string; last_op: string }>(
    'select bucket, last_op from sync_buckets where last_op > compacted_op order by bucket',
  );
  for (const { bucket, last_op } of buckets) {
    const result = await compactBucket(db, bucket, Number(last_op));
    report.buckets++;
    report.opsBefore += result.before;
    report.opsAfter += result.after;
  }
  await db.query(`delete from sync_parameter_changes where created_at < now() - interval '${PARAMETER_CHANGES_KEPT}'`);
  return report;
}

export async function compactBucket(db: Db, bucket: string, upTo: number): Promise<{ before: number; after: number }> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [COMPACT_LOCK_KEY]);
    const rows = await tx.query<{ op_id: string; op: CompactableOp['op']; object_type: string | null; object_id: string | null; checksum: string }>(
      `select op_id, op, object_type, object_id, checksum from sync_oplog
        where bucket = $1 and op_id <= $2 order by op_id`,
      [bucket, upTo],
    );
    const ops: CompactableOp[] = rows.map((r) => ({
      opId: Number(r.op_id),
      op: r.op,
      key: r.object_type === null ? null : `${r.object_type}/${r.object_id}`,
      checksum: Number(r.checksum),
    }));
    const plan = planCompaction(ops);
    if (plan.moves.length > 0) {
      await tx.query(`update sync_oplog set op = 'MOVE', data = null where bucket = $1 and op_id = any($2::bigint[])`, [
        bucket,
        plan.moves,
      ]);
    }
    if (plan.clear) {
      await tx.query('delete from sync_oplog where bucket = $1 and op_id <= $2', [bucket, plan.clear.opId]);
      await tx.query(
        `insert into sync_oplog (bucket, op_id, op, object_type, object_id, data, checksum)
         values ($1, $2, 'CLEAR', null, null, null, $3)`,
        [bucket, plan.clear.opId, plan.clear.checksum],
      );
    }
    await tx.query(
      `update sync_buckets set count = count - $2, compacted_op = greatest(compacted_op, $3), compacted_count = count - $2
        where bucket = $1`,
      [bucket, ops.length - plan.remaining, upTo],
    );
    return { before: ops.length, after: plan.remaining };
  });
}

/** A bucket is compacted between the regular passes once it has gained this many ops, and at least as many as it held
 * after its last compaction. */
export const CHURN_MIN_OPS = 1000;
/** How often the leader looks for such buckets. */
export const CHURN_CHECK_MS = 15_000;

/**
 * Compacts the buckets whose ops have at least doubled since their last compaction (and grew by CHURN_MIN_OPS). A
 * bucket whose rows are replaced all the time — the public bucket keeps the latest 100 vehicles, so every new one
 * brings a PUT and a REMOVE — would otherwise make every new device download the whole history until the next
 * regular pass. Reading a bucket only when it doubled keeps the cost per op constant.
 */
export async function compactChurnedBuckets(db: Db): Promise<CompactionReport> {
  const report: CompactionReport = { buckets: 0, opsBefore: 0, opsAfter: 0 };
  const buckets = await db.query<{ bucket: string; last_op: string }>(
    `select bucket, last_op from sync_buckets
      where last_op > compacted_op and count - compacted_count >= greatest($1::bigint, compacted_count)
      order by bucket`,
    [CHURN_MIN_OPS],
  );
  for (const { bucket, last_op } of buckets) {
    const result = await compactBucket(db, bucket, Number(last_op));
    report.buckets++;
    report.opsBefore += result.before;
    report.opsAfter += result.after;
  }
  return report;
}

/**
 * Runs compactOplog every intervalMs (0: never, and no churn passes either) and compactChurnedBuckets every
 * CHURN_CHECK_MS, one at a time, until stopped. onCompacted runs after a pass that changed something (cached data
 * lines then hold ops that no longer exist). Errors are logged and retried next time.
 */
export function scheduleCompaction(
  db: Db,
  intervalMs: number,
  isLeader: () => boolean,
  onCompacted: () => void = () => {},
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const run = (pass: (db: Db) => Promise<CompactionReport>) => () => {
    if (running || !isLeader()) return;
    running = pass(db)
      .then((report) => {
        if (report.opsBefore !== report.opsAfter) onCompacted();
      })
      .catch((error: unknown) => console.error('sync: compaction failed', error))
      .finally(() => (running = null));
  };
  const timer = setInterval(run(compactOplog), intervalMs).unref();
  const churnTimer = setInterval(run(compactChurnedBuckets), Math.min(CHURN_CHECK_MS, intervalMs)).unref();
  return async () => {
    clearInterval(timer);
    clearInterval(churnTimer);
    await running;
  };
}
