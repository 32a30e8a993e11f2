import type { Queryable } from '../db/db.js';
import { downloadHeaders } from './download-headers.js';
import type { FileStorage } from './files.js';
import { signFileUrl } from './signing.js';
import { firstFilename, type FileRow } from './store.js';
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
