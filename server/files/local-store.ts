import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
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
      // rename is atomic on one file system: a reader sees no blob or the whole blob, never part of it. A file on
      // another file system (the system's temporary folder) is copied next to its place first.
      const moved = await rename(path, pathOf(key)).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV') throw error;
          return false;
        },
      );
      if (moved) return;
      const near = `${pathOf(key)}.${process.pid}.${Date.now()}.tmp`;
      try {
        await copyFile(path, near);
        await rename(near, pathOf(key));
      } finally {
        await rm(near, { force: true });
      }
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
