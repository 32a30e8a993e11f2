import type { Actor } from '../../src/domain/access.js';
import type { Queryable } from './db.js';
import { currentlyEmployed } from './employment.js';

/**
 * Names the user a transaction writes for, so the history triggers (migration 0007) can say who made a change.
 * Local to the transaction: it ends with it and never leaks into another writer's.
 */
export async function nameActor(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select set_config('tagbook.actor_id', $1, true)`, [userId]);
}

/**
 * The caller's administrator flag as the database holds it now (it can change at any moment): true or false, or
 * null when there is no such user. The one reading every permission check starts from.
 */
export async function adminFlag(db: Queryable, userId: string): Promise<boolean | null> {
  const [user] = await db.query<{ is_admin: boolean }>('select is_admin from users where id = $1', [userId]);
  return user ? user.is_admin : null;
}

/**
 * The caller as the database knows them right now (the admin flag and employment change at any moment), as the
 * rules of src/domain/access.ts take them; null when there is no such user. Every permission check loads it here.
 */
export async function loadActor(db: Queryable, userId: string): Promise<Actor | null> {
  const isAdmin = await adminFlag(db, userId);
  if (isAdmin === null) return null;
  const links = await db.query<{ company_id: string }>(
    `select company_id from company_employees e where e.user_id = $1 and ${currentlyEmployed('e')}`,
    [userId],
  );
  return { userId, isAdmin, companyIds: new Set(links.map((l) => l.company_id)) };
}
