import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOB_KEY_PATTERN, type BlobStore } from './blob-store.js';

/** Blobs on local disk under DATA_DIR/files/blobs/<2 hex>/<sha-256>: the embedded default. */
export function localBlobStore(dataDir: string): BlobStore {
  const root = join(dataDir, 'files', 'blobs');
  const pathOf = (key: string) => {
    if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`not a blob key: ${key}`);
    return join(root, key.slice(0, 2), key);
  };
  return {
    kind: 'local',
    async has(key) {
      return (await stat(pathOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async putFile(key, path) {
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      // rename is atomic on one file system: a reader sees no blob or the whole blob, never part of it.
      await rename(path, pathOf(key));
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async externalDownloadUrl() {
      return null;
    },
    async open(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(pathOf(key)), size: info.size };
    },
  };
}
