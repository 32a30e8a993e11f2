import type { Readable } from 'node:stream';
import type { DownloadHeaders } from './download-headers.js';

/**
 * Where verified file bytes live, named by the SHA-256 of their content (so equal bytes are stored once).
 * Partial uploads never go here: they stay in the database (partials.ts) until finalize has checked them.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  has(key: string): Promise<boolean>;
  /** Stores the file at `path` under `key`; the file at `path` may be moved away. */
  putFile(key: string, path: string, size: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * A URL the browser GETs the bytes from, valid until `expires` (Unix ms), answered with `headers`: null when our
   * own server serves the blob (behind its signed /files/download URL), a presigned URL of the external store otherwise.
   */
  externalDownloadUrl(key: string, headers: DownloadHeaders, expires: number): Promise<string | null>;
  /** The bytes, for the local store's download route. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
}

export const BLOB_KEY_PATTERN = /^[0-9a-f]{64}$/;
