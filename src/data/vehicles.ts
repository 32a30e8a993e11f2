import { newId } from '../domain/ids.js';
import { whenDatabaseReady } from './databaseState.js';

/** Written to the local database only; the upload queue carries it to the server when there is a network. */
export async function createVehicle(userId: string, name: string): Promise<string> {
  // Read before waiting for the database: the vehicle's created_at is when it was made, which the server keeps.
  const now = new Date().toISOString();
  const db = await whenDatabaseReady();
  const id = newId();
  await db.execute(
    'INSERT INTO vehicles (id, name, user_id, is_public, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)',
    [id, name, userId, now, now],
  );
  return id;
}
