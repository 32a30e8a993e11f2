import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';

/**
 * Uploads in progress: one file per (stored file, uploader) under DATA_DIR/files/partial, grown by byte-range PUTs.
 * What reached the disk stays there, so a PUT cut off by a network loss or a server restart continues from the
 * byte it stopped at. Nothing here is ever served: only finalize, after checking the digests, moves bytes into the
 * blob store.
 */
export class Partials {
  private readonly dir: string;
  /** One writer per partial at a time: a second PUT for the same one is told to ask where the first stands. */
  private readonly writing = new Set<string>();

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'files', 'partial');
  }

  pathOf(fileId: string, userId: string): string {
    return join(this.dir, `${fileId}.${userId}`);
  }

  async size(fileId: string, userId: string): Promise<number> {
    return (await stat(this.pathOf(fileId, userId)).catch(() => null))?.size ?? 0;
  }

  async remove(fileId: string, userId: string): Promise<void> {
    await rm(this.pathOf(fileId, userId), { force: true });
  }

  /**
   * Appends the request body at `start`, which must be the bytes held now; at most `limit` bytes are taken in all.
   * Returns the bytes held afterwards, or 'busy' / 'offset' / 'too_long' without writing anything more.
   */
  async append(fileId: string, userId: string, start: number, limit: number, body: IncomingMessage): Promise<number | 'busy' | 'offset' | 'too_long'> {
    const name = `${fileId}.${userId}`;
    if (this.writing.has(name)) return 'busy';
    this.writing.add(name);
    try {
      await mkdir(this.dir, { recursive: true });
      const path = this.pathOf(fileId, userId);
      const held = (await stat(path).catch(() => null))?.size ?? 0;
      if (start !== held) return 'offset';
      const declared = Number(body.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && held + declared > limit) return 'too_long';
      let written = held;
      let over = false;
      const out = createWriteStream(path, { flags: 'a' });
      await new Promise<void>((resolve) => {
        const finish = () => out.end(() => resolve());
        body.on('data', (chunk: Buffer) => {
          if (over) return;
          if (written + chunk.length > limit) {
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
      if (over) return 'too_long';
      return (await stat(path)).size;
    } finally {
      this.writing.delete(name);
    }
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
