import { JSONBig } from '@powersync/service-jsonbig';
import type { SqliteJsonRow } from '@powersync/service-sync-rules';
import type { Db, Queryable } from '../../db/db.js';
import type { OpRow } from './lines.js';
import type { BucketState } from '../bucket-state.js';

/** What streams read: consistent snapshots of bucket states and the parameter index, and oplog pages. */

export interface Snapshot {
  head: number;
  position: number;
  bucketStates(buckets: readonly string[]): Promise<Map<string, BucketState>>;
  parameterSets(lookups: readonly string[]): Promise<Map<string, SqliteJsonRow[]>>;
  writeCheckpoint(userId: string, clientId: string): Promise<{ checkpoint: number; headSeq: number } | null>;
}

export const EMPTY_BUCKET: BucketState = Object.freeze({ checksum: 0, count: 0, lastOp: 0 });

/**
 * Runs fn against one committed state of the database: the parameter index, bucket checksums and the head it reads
 * all belong together, so a bucket set computed from parameters never meets checksums from another moment.
 */
export function withSnapshot<T>(db: Db, fn: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const [state] = await tx.query<{ head_op: string; position: string }>('select head_op, position from sync_state where id = 1');
    if (!state) throw new Error('sync_state is missing');
    return fn(snapshotOn(tx, Number(state.head_op), Number(state.position)));
  });
}

function snapshotOn(tx: Queryable, head: number, position: number): Snapshot {
  return {
    head,
    position,
    async bucketStates(buckets) {
      const states = new Map<string, BucketState>();
      if (buckets.length === 0) return states;
      const rows = await tx.query<{ bucket: string; checksum: string; count: string; last_op: string }>(
        'select bucket, checksum, count, last_op from sync_buckets where bucket = any($1::text[])',
        [buckets],
      );
      for (const r of rows) states.set(r.bucket, { checksum: Number(r.checksum), count: Number(r.count), lastOp: Number(r.last_op) });
      return states;
    },
    async parameterSets(lookups) {
      const sets = new Map<string, SqliteJsonRow[]>();
      if (lookups.length === 0) return sets;
      const rows = await tx.query<{ lookup: string; params: string }>(
        'select lookup, params from sync_parameters where lookup = any($1::text[]) order by lookup, table_name, row_id',
        [lookups],
      );
      for (const r of rows) {
        const list = sets.get(r.lookup) ?? [];
        list.push(...(JSONBig.parse(r.params) as SqliteJsonRow[]));
        sets.set(r.lookup, list);
      }
      return sets;
    },
    async writeCheckpoint(userId, clientId) {
      const [row] = await tx.query<{ checkpoint: string; head_seq: string }>(
        'select checkpoint, head_seq from sync_write_checkpoints where user_id = $1 and client_id = $2',
        [userId, clientId],
      );
      return row ? { checkpoint: Number(row.checkpoint), headSeq: Number(row.head_seq) } : null;
    },
  };
}

/** Up to limit ops of a bucket with after < op_id <= upTo, oldest first. */
export async function readOps(db: Queryable, bucket: string, after: number, upTo: number, limit: number): Promise<OpRow[]> {
  return db.query<OpRow & Record<string, unknown>>(
    `select op_id, op, object_type, object_id, data, checksum from sync_oplog
      where bucket = $1 and op_id > $2 and op_id <= $3 order by op_id limit $4`,
    [bucket, after, upTo, limit],
  );
}
