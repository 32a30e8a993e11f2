import type { Db } from '../db/db.js';
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
    await tx.query('update sync_buckets set count = count - $2, compacted_op = greatest(compacted_op, $3) where bucket = $1', [
      bucket,
      ops.length - plan.remaining,
      upTo,
    ]);
    return { before: ops.length, after: plan.remaining };
  });
}

/** Runs compactOplog every intervalMs (0: never) until stopped. Errors are logged and retried next time. */
export function scheduleCompaction(db: Db, intervalMs: number, isLeader: () => boolean): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running || !isLeader()) return;
    running = compactOplog(db)
      .catch((error: unknown) => console.error('sync: compaction failed', error))
      .finally(() => (running = null));
  }, intervalMs).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
