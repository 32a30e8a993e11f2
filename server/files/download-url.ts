import type { Queryable } from '../db/db.js';
import { downloadHeaders } from './download-headers.js';
import type { FileStorage } from './files.js';
import { signFileUrl } from './signing.js';
import { FileState } from '../../src/gen/tagbook/v1/upload_pb.js';
import { findFileByHash, firstFilename, type FileRow } from './store.js';
import { DOWNLOAD_URL_TTL_MS } from './url-lifetimes.js';

/**
 * A signed, expiring address to download a stored file from: the store's own when it has one (S3), else ours. The
 * caller has decided that `viewer` ('' for a signed-out reader) may have it; the address grants nothing else.
 */
export async function signedDownload(
  files: FileStorage,
  db: Queryable,
  file: Pick<FileRow, 'id' | 'type'> & { blob_key: string },
  viewer: string,
): Promise<{ url: string; expires: number }> {
  const expires = files.now() + DOWNLOAD_URL_TTL_MS;
  const headers = downloadHeaders({ type: file.type, filename: await firstFilename(db, file.id) });
  const external = await files.store.externalDownloadUrl(file.blob_key, headers, expires);
  return { url: external ?? signFileUrl(await files.urlKey(), 'download', file.id, viewer, expires), expires };
}

/**
 * A signed address for a signed-out reader (a shared report, a customer's status page) to download the stored file
 * with this combined hash; null when it is not stored whole (yet, or any more), so the page leaves it out. The caller
 * has decided the link holder may see it.
 */
export async function signedForLink(files: FileStorage, db: Queryable, combinedHash: string): Promise<string | null> {
  const file = await findFileByHash(db, combinedHash);
  if (file === undefined || file.state !== FileState.DOWNLOADED_OK || file.blob_key === null) return null;
  return (await signedDownload(files, db, { id: file.id, type: file.type, blob_key: file.blob_key }, '')).url;
}
