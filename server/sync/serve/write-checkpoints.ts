import type { Db } from '../../db/db.js';
import { RETENTION } from '../../db/retention.js';

export interface IssuedWriteCheckpoint {
  checkpoint: number;
  /** The change-log head when it was issued: everything the client uploaded before asking is at or below it. */
  headSeq: number;
}

/**
 * Allocates the next write checkpoint of (user, client id). The head is read in the same statement as the upsert;
 * uploads commit before the client asks (it asks only once its queue is empty), and seq order is commit order, so
 * once the replicator's position reaches headSeq the oplog holds every one of those uploads. Other processes learn
 * of it through the notification (delivered at commit).
 */
export async function createWriteCheckpoint(db: Db, userId: string, clientId: string): Promise<IssuedWriteCheckpoint> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ checkpoint: string; head_seq: string }>(
      `insert into sync_write_checkpoints (user_id, client_id, checkpoint, head_seq)
       values ($1, $2, 1, greatest(
         coalesce((select max(seq) from sync_changes), 0),
         (select position from sync_state where id = 1)))
       on conflict (user_id, client_id) do update set
         checkpoint = sync_write_checkpoints.checkpoint + 1,
         head_seq = excluded.head_seq,
         updated_at = now()
       returning checkpoint, head_seq`,
      [userId, clientId],
    );
    if (!row) throw new Error('write checkpoint was not stored');
    // Bounded per user: made-up client ids push out the least recently used ones instead of piling up.
    await tx.query(
      `delete from sync_write_checkpoints where user_id = $1 and client_id in (
         select client_id from sync_write_checkpoints where user_id = $1
          order by updated_at desc, client_id offset $2)`,
      [userId, RETENTION.writeCheckpointsPerUser],
    );
    const issued = { checkpoint: Number(row.checkpoint), headSeq: Number(row.head_seq) };
    await tx.query(`select pg_notify('tagbook_sync_wc', $1)`, [JSON.stringify({ u: userId, c: clientId, ...issued })]);
    return issued;
  });
}
