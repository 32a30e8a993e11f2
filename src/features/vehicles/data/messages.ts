import { useWatchedQuery } from '../../../data/useQuery.js';
import { whenDatabaseReady } from '../../../data/databaseState.js';
import type { Row } from '../../../entities/rows.js';

// Messages visitors sent this person through a vehicle's tag (synced to their recipient only), and what the owner
// changes about them on the device: read, removed. Answers go through the server (src/data/ownerContact.ts).

export type MessageData = Row<'owner_messages'>;

export function useVehicleMessages(vehicleId: string) {
  return useWatchedQuery<MessageData>(
    'SELECT * FROM owner_messages WHERE vehicle_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id',
    [vehicleId],
  );
}

/** Marks messages read now (those not read yet). */
export async function markMessagesRead(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const at = new Date().toISOString();
  const db = await whenDatabaseReady();
  await db.writeTransaction(async (tx) => {
    for (const id of ids) await tx.execute('UPDATE owner_messages SET read_at = ?, updated_at = ? WHERE id = ? AND read_at IS NULL', [at, at, id]);
  });
}

export async function removeMessage(id: string): Promise<void> {
  const at = new Date().toISOString();
  const db = await whenDatabaseReady();
  await db.execute('UPDATE owner_messages SET deleted_at = ?, updated_at = ? WHERE id = ?', [at, at, id]);
}

/** Turns messages through the vehicle's tag off (or on again): a write of the vehicle's own row. */
export async function setContactOff(vehicleId: string, off: boolean): Promise<void> {
  const at = new Date().toISOString();
  const db = await whenDatabaseReady();
  await db.execute('UPDATE vehicles SET contact_off = ?, updated_at = ? WHERE id = ?', [off ? 1 : 0, at, vehicleId]);
}

/** How many messages each of the person's vehicles has that they have not read (the home page says so). */
export function useUnreadMessages() {
  return useWatchedQuery<{ vehicle_id: string; name: string | null; unread: number }>(
    `SELECT m.vehicle_id, v.name, count(*) AS unread FROM owner_messages m JOIN vehicles v ON v.id = m.vehicle_id
      WHERE m.read_at IS NULL AND m.deleted_at IS NULL GROUP BY m.vehicle_id, v.name ORDER BY max(m.created_at) DESC`,
  );
}
