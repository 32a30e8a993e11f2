/**
 * What our files worker (workers/files.worker.ts) offers through Comlink. Everything that touches a file's bytes
 * — scaling photos, hashing, writing to and reading from the OPFS file store — runs there, never on the main
 * thread, so a 20 MB file does not freeze the page.
 */
export interface PreparedFile {
  /** Bytes stored (after scaling). */
  size: number;
  /** The stored bytes' type (a scaled photo becomes image/jpeg). */
  type: string;
  /** The filename to upload under (the extension follows a change of type). */
  filename: string;
  md5: string;
  scaled: boolean;
  hashStart: number;
  hashEnd: number;
}

export interface PrepareOptions {
  /** The OPFS file store's name for the bytes. */
  id: string;
  filename: string;
  /** Scale photos whose longer edge exceeds this; 0 keeps every file as it is. */
  maxEdge: number;
  quality: number;
}

export type Progress = (fraction: number) => void;

export interface FilesWorkerApi {
  /** Scales a photo if needed, then writes the bytes to the store while hashing them (one pass). */
  prepare(file: Blob, options: PrepareOptions, onProgress?: Progress): Promise<PreparedFile>;
  /** MD5 of a blob, read in slices (used by the benchmark and for copies). */
  hash(file: Blob, onProgress?: Progress): Promise<{ md5: string; ms: number }>;
  /** Writes a copy (a downloaded photo kept for offline viewing). */
  save(id: string, bytes: Blob): Promise<void>;
  /** The stored bytes, or null. */
  read(id: string, type: string): Promise<Blob | null>;
  /** Bytes [start, end) of a stored file, for a byte-range upload. */
  slice(id: string, start: number, end: number): Promise<ArrayBuffer | null>;
  remove(id: string): Promise<void>;
}
