import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { FILE_MAX_BYTES } from '../../src/domain/files.js';
import type { Db, Queryable } from '../db/db.js';

/**
 * What a user's unfinished uploads may hold on this server, and how long one may sit without a new byte before it is
 * swept. Nothing is lost by either: the device keeps the file until the server has it, and starts or continues its
 * upload when there is room again.
 */
export const PARTIAL_LIMITS = {
  /** Files begun and not finished: a device uploads one at a time, and a person has a few devices. */
  uploadsPerUser: 10,
  /** Their bytes together: four files of the largest size at once. */
  bytesPerUser: 4 * FILE_MAX_BYTES,
  /** A week without a byte: the device is gone or gave up. If it comes back, it sends that file again from the start. */
  idleMs: 7 * 24 * 60 * 60_000,
};

/**
 * A request body is stored in pieces of at most this many bytes, each in a short transaction of its own: no database
 * connection is held while a slow network delivers the rest of the body.
 */
export const PIECE_BYTES = 256 * 1024;

/** Pieces read per query when a partial is read back (at most this many times PIECE_BYTES in memory). */
const PIECES_PER_READ = 8;

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

/** A partial written out to a file of its own, with its digests: what finalize checks and hands to the blob store. */
export interface PartialCopy {
  path: string;
  size: number;
  /** MD5 (the device's digest), SHA-256 (the blob's name) and the first bytes (the type check). */
  md5: string;
  sha256: string;
  head: Uint8Array;
}

type Appended = number | 'offset' | 'too_long' | QuotaRefusal;

/**
 * Uploads in progress, in the database (migration 0024): one per (uploader, stored file), grown by byte-range PUTs
 * that any server process may take. What was stored stays, so a PUT cut off by a network loss or a server restart
 * continues, through whichever process, from the byte it stopped at. Nothing here is ever served: only finalize,
 * after checking the digests, moves bytes into the blob store. Each user's share is bounded (PARTIAL_LIMITS), and
 * idle ones are swept.
 *
 * Every piece is appended in a transaction that locks the uploader's users row (so two files of one user cannot pass
 * the quota together) and the partial's head row, and checks there that the piece starts at the bytes held: two PUTs
 * for one file, through one process or two, never interleave; the one that falls behind is told where to continue.
 */
export class Partials {
  constructor(private readonly db: Db) {}

  async size(fileId: string, userId: string): Promise<number> {
    const [row] = await this.db.query<{ size: string }>('select size from partial_uploads where user_id = $1 and file_id = $2', [userId, fileId]);
    return row === undefined ? 0 : Number(row.size);
  }

  /** When the last byte of this partial arrived (ms since the epoch), or null when there is none. */
  async lastByteAt(fileId: string, userId: string): Promise<number | null> {
    const [row] = await this.db.background.query<{ last_byte_at: Date }>(
      'select last_byte_at from partial_uploads where user_id = $1 and file_id = $2',
      [userId, fileId],
    );
    return row === undefined ? null : row.last_byte_at.getTime();
  }

  async remove(fileId: string, userId: string): Promise<void> {
    await this.db.query('delete from partial_uploads where user_id = $1 and file_id = $2', [userId, fileId]);
  }

  /** How many more bytes the user may send for this file now, or why none (PARTIAL_LIMITS). */
  async allowance(fileId: string, userId: string): Promise<{ bytes: number } | QuotaRefusal> {
    return allowanceOn(this.db, fileId, userId);
  }

  /**
   * Appends the request body at `start`, which must be the bytes held now; at most `limit` bytes are taken in all
   * (the file's declared size), and no more than the user's allowance. Returns the bytes held afterwards, or
   * 'offset' (another PUT moved the file on: continue from the bytes held) / 'too_long' / a quota refusal, having
   * stored nothing past what is allowed. A body cut off keeps what arrived.
   */
  async append(fileId: string, userId: string, start: number, limit: number, body: IncomingMessage): Promise<Appended> {
    // Refusals the request's headers already tell, before a byte of the body is read.
    const held = await this.size(fileId, userId);
    if (start !== held) return 'offset';
    const declared = Number(body.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && held + declared > limit) return 'too_long';
    const room = await this.allowance(fileId, userId);
    if ('refused' in room) return room;
    // Past the file's size the body is wrong; past the allowance the user must wait for room.
    if (Number.isFinite(declared) && declared > room.bytes) return noRoomForUploads();

    let at = start;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    /** Stores what waits, in pieces of at most PIECE_BYTES; with `whole` false only whole pieces, keeping the rest. */
    const flush = async (whole = true): Promise<Appended> => {
      while (pendingBytes >= PIECE_BYTES || (whole && pendingBytes > 0)) {
        const joined = Buffer.concat(pending, pendingBytes);
        const piece = joined.subarray(0, PIECE_BYTES);
        pending = piece.length < joined.length ? [joined.subarray(piece.length)] : [];
        pendingBytes = joined.length - piece.length;
        const result = await this.appendPiece(fileId, userId, at, piece);
        if (typeof result !== 'number') return result;
        at = result;
      }
      return at;
    };
    const chunks = chunksOf(body);
    try {
      // Until the body ends, or is cut off: a dropped connection keeps what arrived, and the next PUT continues there.
      for (let chunk = await chunks.next(); chunk !== null; chunk = await chunks.next()) {
        if (at + pendingBytes + chunk.length > limit) {
          // What came before the excess is kept; the excess is not the file.
          const kept = await flush();
          return typeof kept === 'number' ? 'too_long' : kept;
        }
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PIECE_BYTES) {
          const result = await flush(false);
          if (typeof result !== 'number') return result;
        }
      }
      return await flush();
    } finally {
      chunks.stop();
    }
  }

  /** One piece, in one short transaction, at `start`: see the class's comment. */
  private async appendPiece(fileId: string, userId: string, start: number, piece: Buffer): Promise<Appended> {
    return this.db.transaction(async (tx) => {
      await tx.query('select 1 from users where id = $1 for no key update', [userId]);
      const [head] = await tx.query<{ size: string }>('select size from partial_uploads where user_id = $1 and file_id = $2 for update', [userId, fileId]);
      if (Number(head?.size ?? 0) !== start) return 'offset';
      const room = await allowanceOn(tx, fileId, userId);
      if ('refused' in room) return room;
      // What fits the user's share is kept; the rest waits for room.
      const taken = piece.length <= room.bytes ? piece : piece.subarray(0, room.bytes);
      await tx.query(
        `insert into partial_uploads (user_id, file_id, size, last_byte_at) values ($1, $2, $3, now())
           on conflict (user_id, file_id) do update set size = partial_uploads.size + excluded.size, last_byte_at = now()`,
        [userId, fileId, taken.length],
      );
      await tx.query('insert into partial_upload_chunks (user_id, file_id, start, bytes) values ($1, $2, $3, $4)', [userId, fileId, start, taken]);
      return taken.length === piece.length ? start + taken.length : noRoomForUploads();
    });
  }

  /**
   * Removes every partial without a new byte for PARTIAL_LIMITS.idleMs, its pieces with it; returns how many went.
   * Every piece stored moves last_byte_at, so a PUT under way is not idle unless its bytes stopped arriving.
   */
  async sweepIdle(now: number): Promise<number> {
    const gone = await this.db.background.query('delete from partial_uploads where last_byte_at < $1 returning 1', [new Date(now - PARTIAL_LIMITS.idleMs)]);
    return gone.length;
  }

  /**
   * Writes the partial, piece by piece in order, to a file of its own under the system's temporary folder while
   * digesting it, and calls `use` with it; the file is removed afterwards, whatever `use` did with it.
   */
  async withCopy<T>(fileId: string, userId: string, use: (copy: PartialCopy) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(tmpdir(), 'tagbook-upload-'));
    try {
      const path = join(dir, 'bytes');
      const md5 = createHash('md5');
      const sha = createHash('sha256');
      const head = new Uint8Array(16);
      let size = 0;
      const out = createWriteStream(path);
      const failed = new Promise<never>((_, reject) => out.once('error', reject));
      failed.catch(() => {});
      try {
        for (;;) {
          const pieces = await this.db.query<{ start: string; bytes: Uint8Array }>(
            `select start, bytes from partial_upload_chunks where user_id = $1 and file_id = $2 and start >= $3 order by start limit ${PIECES_PER_READ}`,
            [userId, fileId, size],
          );
          for (const { start, bytes } of pieces) {
            if (Number(start) !== size) throw new Error(`partial upload ${fileId} has a gap at byte ${size}`);
            if (size < head.length) head.set(bytes.subarray(0, head.length - size), size);
            md5.update(bytes);
            sha.update(bytes);
            size += bytes.length;
            if (!out.write(bytes)) await Promise.race([new Promise<void>((resolve) => out.once('drain', () => resolve())), failed]);
          }
          if (pieces.length < PIECES_PER_READ) break;
        }
        out.end();
        await Promise.race([finished(out), failed]);
      } finally {
        if (!out.writableFinished) out.destroy();
      }
      return await use({ path, size, md5: md5.digest('hex'), sha256: sha.digest('hex'), head });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** The user's share left now: their unfinished uploads, how many and their bytes, against PARTIAL_LIMITS. */
async function allowanceOn(db: Queryable, fileId: string, userId: string): Promise<{ bytes: number } | QuotaRefusal> {
  const [usage] = await db.query<{ files: number; bytes: string; begun: boolean }>(
    `select count(*)::int as files, coalesce(sum(size), 0)::bigint as bytes, coalesce(bool_or(file_id = $2), false) as begun
       from partial_uploads where user_id = $1`,
    [userId, fileId],
  );
  if (!usage!.begun && usage!.files >= PARTIAL_LIMITS.uploadsPerUser) return tooManyUploads();
  const bytes = PARTIAL_LIMITS.bytesPerUser - Number(usage!.bytes);
  return bytes > 0 ? { bytes } : noRoomForUploads();
}

/**
 * The body's chunks in order as they arrive, null once it ended or was cut off. The stream is paused while the reader
 * is behind (a piece being stored), so no more than a few chunks wait in memory. stop() lets go of the body, paused:
 * the caller drains it or closes the connection.
 */
function chunksOf(body: IncomingMessage): { next(): Promise<Buffer | null>; stop(): void } {
  const queue: Buffer[] = [];
  let ended = false;
  let wake: (() => void) | null = null;
  const onData = (chunk: Buffer) => {
    queue.push(chunk);
    if (queue.length >= 4) body.pause();
    wake?.();
  };
  const onEnd = () => {
    ended = true;
    wake?.();
  };
  const events = ['end', 'aborted', 'error', 'close'] as const;
  body.on('data', onData);
  for (const event of events) body.on(event, onEnd);
  return {
    async next() {
      while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (queue.length === 0) return null;
      if (!ended) body.resume();
      return queue.shift()!;
    },
    stop() {
      body.off('data', onData);
      for (const event of events) body.off(event, onEnd);
      // A body that fails after we let go of it must not become an unhandled error.
      body.on('error', () => {});
      body.pause();
    },
  };
}

/**
 * Removes DATA_DIR/files/partial, where earlier versions kept uploads in progress on the receiving process's disk.
 * Their devices ask where to continue (HEAD answers 0 now) and send those files again from the start.
 */
export async function removeDiskPartials(dataDir: string): Promise<void> {
  await rm(join(dataDir, 'files', 'partial'), { recursive: true, force: true });
}
