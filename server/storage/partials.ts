import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, rmdir, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { FILE_MAX_BYTES } from '../../src/domain/files.js';

/**
 * What a user's unfinished uploads may hold on this server's disk, and how long one may sit without a new byte
 * before it is swept. Nothing is lost by either: the device keeps the file until the server has it, and starts or
 * continues its upload when there is room again.
 */
export const PARTIAL_LIMITS = {
  /** Files begun and not finished: a device uploads one at a time, and a person has a few devices. */
  uploadsPerUser: 10,
  /** Their bytes together: four files of the largest size at once. */
  bytesPerUser: 4 * FILE_MAX_BYTES,
  /** A week without a byte: the device is gone or gave up. If it comes back, it sends that file again from the start. */
  idleMs: 7 * 24 * 60 * 60_000,
};

/** Why a user may not send more bytes now, in words the app can show. */
export interface QuotaRefusal {
  refused: string;
}

export function tooManyUploads(): QuotaRefusal {
  return {
    refused:
      `Too many unfinished uploads: at most ${PARTIAL_LIMITS.uploadsPerUser} files can wait for the rest of their bytes at once; ` +
      'this one starts when another finishes',
  };
}

export function noRoomForUploads(): QuotaRefusal {
  return {
    refused:
      `Unfinished uploads may hold at most ${Math.round(PARTIAL_LIMITS.bytesPerUser / 1024 / 1024)} MB at once; ` +
      'this one continues when another finishes',
  };
}

/**
 * Uploads in progress: one file per (stored file, uploader) under DATA_DIR/files/partial/<user id>/<file id>, grown
 * by byte-range PUTs. What reached the disk stays there, so a PUT cut off by a network loss or a server restart
 * continues from the byte it stopped at. Nothing here is ever served: only finalize, after checking the digests,
 * moves bytes into the blob store. Each user's share is bounded (PARTIAL_LIMITS), and idle ones are swept.
 */
export class Partials {
  readonly dir: string;
  /** One writer per partial at a time: a second PUT for the same one is told to ask where the first stands. */
  private readonly writing = new Set<string>();
  /** Bytes the PUTs under way may still add, by user: two PUTs of one user at once share one allowance. */
  private readonly reserved = new Map<string, number>();

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'files', 'partial');
  }

  pathOf(fileId: string, userId: string): string {
    return join(this.dir, userId, fileId);
  }

  async size(fileId: string, userId: string): Promise<number> {
    return (await stat(this.pathOf(fileId, userId)).catch(() => null))?.size ?? 0;
  }

  /** When the last byte of this partial arrived (ms since the epoch), or null when there is none. */
  async lastByteAt(fileId: string, userId: string): Promise<number | null> {
    return (await stat(this.pathOf(fileId, userId)).catch(() => null))?.mtimeMs ?? null;
  }

  async remove(fileId: string, userId: string): Promise<void> {
    await rm(this.pathOf(fileId, userId), { force: true });
  }

  /** The user's unfinished uploads on disk: how many, and their bytes. */
  async usage(userId: string): Promise<{ files: Set<string>; bytes: number }> {
    const names = await readdir(join(this.dir, userId)).catch(() => [] as string[]);
    let bytes = 0;
    for (const name of names) bytes += (await stat(join(this.dir, userId, name)).catch(() => null))?.size ?? 0;
    return { files: new Set(names), bytes };
  }

  /** How many more bytes the user may send for this file now, or why none (PARTIAL_LIMITS). */
  async allowance(fileId: string, userId: string): Promise<{ bytes: number } | QuotaRefusal> {
    const usage = await this.usage(userId);
    if (!usage.files.has(fileId) && usage.files.size >= PARTIAL_LIMITS.uploadsPerUser) return tooManyUploads();
    const bytes = PARTIAL_LIMITS.bytesPerUser - usage.bytes - (this.reserved.get(userId) ?? 0);
    return bytes > 0 ? { bytes } : noRoomForUploads();
  }

  /**
   * Appends the request body at `start`, which must be the bytes held now; at most `limit` bytes are taken in all
   * (the file's declared size), and no more than the user's allowance. Returns the bytes held afterwards, or
   * 'busy' / 'offset' / 'too_long' / a quota refusal, having written nothing past what is allowed.
   */
  async append(
    fileId: string,
    userId: string,
    start: number,
    limit: number,
    body: IncomingMessage,
  ): Promise<number | 'busy' | 'offset' | 'too_long' | QuotaRefusal> {
    const name = `${userId}/${fileId}`;
    if (this.writing.has(name)) return 'busy';
    this.writing.add(name);
    let reservation = 0;
    try {
      const path = this.pathOf(fileId, userId);
      const held = (await stat(path).catch(() => null))?.size ?? 0;
      if (start !== held) return 'offset';
      const declared = Number(body.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && held + declared > limit) return 'too_long';
      const room = await this.allowance(fileId, userId);
      if ('refused' in room) return room;
      // Past the file's size the body is wrong; past the allowance the user must wait for room.
      const cap = Math.min(limit, held + room.bytes);
      if (Number.isFinite(declared) && held + declared > cap) return noRoomForUploads();
      reservation = cap - held;
      this.reserved.set(userId, (this.reserved.get(userId) ?? 0) + reservation);
      await mkdir(join(this.dir, userId), { recursive: true });
      let written = held;
      let over = false;
      let failed: Error | null = null;
      const out = createWriteStream(path, { flags: 'a' });
      await new Promise<void>((resolve) => {
        const finish = () => out.end(() => resolve());
        // The disk refusing (full, or the folder swept away at that instant) fails this PUT, not the process.
        out.once('error', (error) => {
          failed = error;
          body.resume();
          resolve();
        });
        body.on('data', (chunk: Buffer) => {
          if (over) return;
          if (written + chunk.length > cap) {
            over = true;
            body.pause();
            finish();
            return;
          }
          written += chunk.length;
          if (!out.write(chunk)) {
            body.pause();
            out.once('drain', () => body.resume());
          }
        });
        body.on('end', finish);
        // A dropped connection keeps what was written: the next PUT continues from there.
        body.on('aborted', finish);
        body.on('error', finish);
        body.on('close', finish);
      });
      if (failed) throw failed;
      if (over) return cap === limit ? 'too_long' : noRoomForUploads();
      return (await stat(path)).size;
    } finally {
      this.writing.delete(name);
      if (reservation > 0) {
        const left = (this.reserved.get(userId) ?? 0) - reservation;
        if (left > 0) this.reserved.set(userId, left);
        else this.reserved.delete(userId);
      }
    }
  }

  /**
   * Removes every partial without a new byte for PARTIAL_LIMITS.idleMs (and the empty folders left), those in the
   * folder's earlier layout (<file id>.<user id>) included; returns how many went. A user with a PUT under way is
 * left for the next sweep.
   */
  async sweepIdle(now: number): Promise<number> {
    const before = now - PARTIAL_LIMITS.idleMs;
    const idle = async (path: string) => ((await stat(path).catch(() => null))?.mtimeMs ?? Infinity) < before;
    let removed = 0;
    for (const entry of await readdir(this.dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(this.dir, entry.name);
      if (!entry.isDirectory()) {
        if (await idle(path)) removed += await rm(path, { force: true }).then(() => 1);
        continue;
      }
      if ([...this.writing].some((name) => name.startsWith(`${entry.name}/`))) continue;
      for (const name of await readdir(path).catch(() => [] as string[])) {
        if (!(await idle(join(path, name)))) continue;
        await rm(join(path, name), { force: true });
        removed++;
      }
      // Fails while the folder still holds a partial (or one was begun meanwhile), which is as it should be.
      await rmdir(path).catch(() => {});
    }
    return removed;
  }

  /** MD5 (the device's digest), SHA-256 (the blob's name) and the first bytes (the type check) of a partial. */
  async digest(fileId: string, userId: string): Promise<{ md5: string; sha256: string; head: Uint8Array }> {
    const path = this.pathOf(fileId, userId);
    const md5 = createHash('md5');
    const sha = createHash('sha256');
    for await (const chunk of createReadStream(path)) {
      md5.update(chunk as Buffer);
      sha.update(chunk as Buffer);
    }
    const handle = await open(path, 'r');
    try {
      const head = new Uint8Array(16);
      await handle.read(head, 0, 16, 0);
      return { md5: md5.digest('hex'), sha256: sha.digest('hex'), head };
    } finally {
      await handle.close();
    }
  }
}
