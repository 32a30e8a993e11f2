import { whenDatabaseReady } from './databaseState.js';
import type { QrTagRow } from './schema.js';

export interface TagTarget {
  targetId: string | null;
  targetPath: string | null;
}

/** A tag as the device knows it (synced public tags and the user's own), or null when unknown here. */
export async function lookupTag(hash: string): Promise<TagTarget | null> {
  const db = await whenDatabaseReady();
  const row = await db.getOptional<Pick<QrTagRow, 'target_id' | 'target_path'>>(
    'SELECT target_id, target_path FROM qr_tags WHERE id = ?',
    [hash],
  );
  return row ? { targetId: row.target_id, targetPath: row.target_path } : null;
}
