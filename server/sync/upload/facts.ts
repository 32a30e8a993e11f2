import type { Queryable } from '../../db/db.js';
import type { Actor, Lookups } from './policy.js';

/** The caller as the database knows them right now: the admin flag and employment can change at any moment. */
export async function loadActor(tx: Queryable, userId: string): Promise<Actor | null> {
  const [user] = await tx.query<{ is_admin: boolean }>('select is_admin from users where id = $1', [userId]);
  if (!user) return null;
  const links = await tx.query<{ company_id: string }>(
    `select company_id from company_employees
      where user_id = $1 and (start_date is null or start_date <= now()) and (end_date is null or end_date > now())`,
    [userId],
  );
  return { userId, isAdmin: user.is_admin, companyIds: new Set(links.map((l) => l.company_id)) };
}

/** Facts about rows other than the one written, read inside the same transaction. */
export function transactionLookups(tx: Queryable): Lookups {
  return {
    async vehicleOwner(vehicleId) {
      const [row] = await tx.query<{ user_id: string | null }>('select user_id from vehicles where id = $1', [vehicleId]);
      return row ? row.user_id : undefined;
    },
    async requestCompany(requestId) {
      const [row] = await tx.query<{ company_id: string | null }>(
        'select company_id from service_requests where id = $1 and deleted_at is null',
        [requestId],
      );
      return row ? row.company_id : undefined;
    },
  };
}
