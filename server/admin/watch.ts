import type { Queryable } from '../db/db.js';

/** How many vehicles an administrator's device keeps whole (the most recently opened). */
export const ADMIN_WATCH_MAX = 100;

/**
 * Records that an administrator opened a vehicle, so their device syncs the whole vehicle (the watched bucket: each
 * of the vehicle's records lists its watchers, migration 0023) and works on it offline as an owner's would. A repeat visit within a day
 * writes nothing (every write is a sync change); the oldest beyond ADMIN_WATCH_MAX are dropped.
 */
export async function watchVehicle(db: Queryable, userId: string, vehicleId: string): Promise<void> {
  const [row] = await db.query<{ inserted: boolean }>(
    `insert into admin_vehicle_watch (id, user_id, vehicle_id) values ($1 || ':' || $2, $1, $2)
     on conflict (user_id, vehicle_id) do update set opened_at = now()
       where admin_vehicle_watch.opened_at < now() - interval '1 day'
     returning (xmax = 0) as inserted`,
    [userId, vehicleId],
  );
  if (row?.inserted) {
    await db.query(
      `delete from admin_vehicle_watch where user_id = $1 and id not in
         (select id from admin_vehicle_watch where user_id = $1 order by opened_at desc, id limit ${ADMIN_WATCH_MAX})`,
      [userId],
    );
  }
}
