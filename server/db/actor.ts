import type { Queryable } from './db.js';

/**
 * Names the user a transaction writes for, so the history triggers (migration 0007) can say who made a change.
 * Local to the transaction: it ends with it and never leaks into another writer's.
 */
export async function nameActor(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select set_config('tagbook.actor_id', $1, true)`, [userId]);
}
