/// <reference lib="webworker" />
import { expose } from 'comlink';
import { Md5 } from '../src/domain/md5.js';
import type { FilesWorkerApi, PreparedFile, PrepareOptions, Progress } from '../src/uploads/filesWorkerApi.js';

/**
 * The files worker: photo scaling, MD5 hashing and the OPFS file store (the local table local_opfs_files keeps the
 * bookkeeping; the bytes live here under /uploads). Bytes are read and written in 1 MB slices so memory stays flat
 * and progress can be reported while a large file is hashed.
 */
const SLICE = 1024 * 1024;
const DIR = 'uploads';

async function dir(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(DIR, { create: true });
}

/** A synchronous access handle (dedicated workers only): the fastest OPFS writes, on every browser that has OPFS. */
interface SyncHandle {
  write(buffer: ArrayBufferView, options?: { at?: number }): number;
  read(buffer: ArrayBufferView, options?: { at?: number }): number;
  truncate(size: number): void;
  getSize(): number;
  flush(): void;
  close(): void;
}
const syncHandle = (file: FileSystemFileHandle) =>
  (file as unknown as { createSyncAccessHandle(): Promise<SyncHandle> }).createSyncAccessHandle();

const clean = (id: string) => {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(id)) throw new Error(`not a stored file name: ${id}`);
  return id;
};

/**
 * A photo whose longer edge exceeds maxEdge is drawn at that size and re-encoded as JPEG (which also drops its
 * EXIF data, location included). Smaller photos, and anything that is not a photo, are kept byte for byte.
 */
async function scaled(file: Blob, options: PrepareOptions): Promise<{ blob: Blob; filename: string; scaled: boolean }> {
  const keep = { blob: file, filename: options.filename, scaled: false };
  if (options.maxEdge <= 0 || !/^image\/(jpeg|png|webp)$/.test(file.type)) return keep;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return keep; // not decodable here: the server's type check decides
  }
  try {
    const edge = Math.max(bitmap.width, bitmap.height);
    if (edge <= options.maxEdge) return keep;
    const ratio = options.maxEdge / edge;
    const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * ratio)), Math.max(1, Math.round(bitmap.height * ratio)));
    const ctx = canvas.getContext('2d');
    if (ctx === null) return keep;
    // JPEG has no transparency: a transparent PNG lands on white, not black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: options.quality });
    const base = options.filename.replace(/\.[A-Za-z0-9]{1,5}$/, '');
    return { blob, filename: `${base}.jpg`, scaled: true };
  } finally {
    bitmap.close();
  }
}

async function writeHashing(id: string, blob: Blob, onProgress?: Progress): Promise<string> {
  const handle = await syncHandle(await (await dir()).getFileHandle(clean(id), { create: true }));
  try {
    handle.truncate(0);
    const md5 = new Md5();
    for (let at = 0; at < blob.size; at += SLICE) {
      const bytes = new Uint8Array(await blob.slice(at, at + SLICE).arrayBuffer());
      md5.update(bytes);
      handle.write(bytes, { at });
      onProgress?.(Math.min(1, (at + bytes.length) / blob.size));
    }
    handle.flush();
    return md5.hex();
  } finally {
    handle.close();
  }
}

const api: FilesWorkerApi = {
  async prepare(file, options, onProgress): Promise<PreparedFile> {
    const ready = await scaled(file, options);
    const hashStart = Date.now();
    const md5 = await writeHashing(options.id, ready.blob, onProgress);
    return { size: ready.blob.size, type: ready.blob.type || file.type, filename: ready.filename, md5, scaled: ready.scaled, hashStart, hashEnd: Date.now() };
  },

  async hash(file, onProgress) {
    const start = performance.now();
    const md5 = new Md5();
    for (let at = 0; at < file.size; at += SLICE) {
      md5.update(new Uint8Array(await file.slice(at, at + SLICE).arrayBuffer()));
      onProgress?.(Math.min(1, (at + SLICE) / file.size));
    }
    return { md5: md5.hex(), ms: performance.now() - start };
  },

  async save(id, bytes) {
    await writeHashing(id, bytes);
  },

  async read(id, type) {
    try {
      const file = await (await (await dir()).getFileHandle(clean(id))).getFile();
      return new Blob([file], { type });
    } catch {
      return null;
    }
  },

  async slice(id, start, end) {
    try {
      const file = await (await (await dir()).getFileHandle(clean(id))).getFile();
      return await file.slice(start, end).arrayBuffer();
    } catch {
      return null;
    }
  },

  async remove(id) {
    await (await dir()).removeEntry(clean(id)).catch(() => undefined);
  },
};

expose(api);
