import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { BlobStore } from './blob-store.js';
import { localBlobStore } from './local-store.js';
import { Partials } from './partials.js';
import { s3BlobStore } from './s3-store.js';
import { fileUrlKey } from './signing.js';

/** Everything the Upload service and the /files routes share. */
export interface FileStorage {
  db: Db;
  store: BlobStore;
  partials: Partials;
  urlKey(): Promise<Buffer>;
  now(): number;
}

export function createFileStorage(db: Db, config: Config): FileStorage {
  return {
    db,
    store: config.s3 ? s3BlobStore(config.s3) : localBlobStore(config.dataDir),
    partials: new Partials(db),
    urlKey: () => fileUrlKey(db),
    now: () => Date.now(),
  };
}

/**
 * Deletes stored files nothing refers to any more (their last form file was removed, or their upload abandoned) and
 * their blobs when no other stored file has the same bytes. Part of the file sweep (sweep.ts); safe to run anywhere
 * at any time, on the database's background connections.
 */
export async function sweepUnreferencedFiles(files: FileStorage): Promise<number> {
  const db = files.db.background;
  const gone = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; blob_key: string | null }>(
      `delete from bucket_files f
        where not exists (select 1 from upload_form_files ff where ff.upload_bucket_file_id = f.id)
        returning id, blob_key`,
    );
    return rows;
  });
  for (const row of gone) {
    if (row.blob_key === null) continue;
    const others = await db.query('select 1 from bucket_files where blob_key = $1 limit 1', [row.blob_key]);
    if (others.length === 0) await files.store.delete(row.blob_key);
  }
  return gone.length;
}
