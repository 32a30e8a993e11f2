import type { DistanceUnit } from '../domain/odometer.js';
import { whenDatabaseReady } from './databaseState.js';

/**
 * The unit a person reads and types distances in, kept on their own account row and uploaded like a rename (the
 * server takes only km or mi, and only for the person themselves: server/writes/tables/users.ts).
 */
export async function saveDistanceUnit(userId: string, unit: DistanceUnit): Promise<void> {
  const db = await whenDatabaseReady();
  await db.execute('UPDATE users SET distance_unit = ?, updated_at = ? WHERE id = ?', [unit, new Date().toISOString(), userId]);
}
