import type { ServerResponse } from 'node:http';
import type { LineSink } from './connection.js';
import { ASYNC_PIECE_BYTES, compressPiece, compressPieceSync, GzipFrames } from './gzip-frames.js';

/**
 * Lines to the HTTP response. Lines produced in the same tick (a diff, its cached data, the complete) leave as one
 * chunk at the end of that tick — nothing waits for a later event; a large line goes out at once. A slow client
 * makes write() wait for the socket to drain instead of piling data up in memory — but only past MAX_PENDING:
 * waiting for every 16 KB to drain would put a scheduling round trip with the client between every two data lines.
 *
 * With gzip, every such chunk is compressed as a piece of its own that ends in a sync flush (server/sync/serve/gzip-frames.ts),
 * so the client can decode every line the moment its bytes arrive: a live change is never held back waiting for more
 * data to compress. Pieces leave in order: a small one waits behind a large one still being compressed.
 */
const MAX_PENDING = 1024 * 1024;

export type StreamEncoding = 'gzip' | 'identity';

/** gzip when the request's Accept-Encoding allows it (absent or q=0 means no), identity otherwise. */
export function negotiateEncoding(acceptEncoding: string | undefined): StreamEncoding {
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== 'x-gzip') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return 'gzip';
  }
  return 'identity';
}

export class ResponseSink implements LineSink {
  private buffer = '';
  private scheduled = false;
  private drained: Promise<void> | null = null;
  private readonly gzip: GzipFrames | null;
  /** Pieces still being compressed on the thread pool, and their bytes; later pieces queue behind them. */
  private compressing: Promise<void> | null = null;
  private compressingBytes = 0;
  private ending = false;

  constructor(
    private readonly res: ServerResponse,
    encoding: StreamEncoding = 'identity',
  ) {
    this.gzip = encoding === 'gzip' ? new GzipFrames() : null;
  }

  get closed(): boolean {
    return this.ending || this.res.destroyed || this.res.writableEnded;
  }

  /** A promise only while the client is behind: a thousand streams fanning out a change allocate none. */
  write(line: string): Promise<void> | undefined {
    if (this.closed) return undefined;
    this.buffer += line;
    if (this.buffer.length >= 64 * 1024) {
      this.flush();
    } else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return this.drained ?? this.backlog() ?? undefined;
  }

  flush(): void {
    this.scheduled = false;
    if (this.buffer === '' || this.closed) return;
    const chunk = this.buffer;
    this.buffer = '';
    if (this.gzip) this.compress(chunk);
    else this.send(chunk);
  }

  /** Sends what is buffered, then ends the response. */
  end(line?: string): void {
    if (line && !this.closed) this.buffer += line;
    this.flush();
    if (this.closed) return;
    this.ending = true;
    const finish = () => {
      if (this.res.destroyed || this.res.writableEnded) return;
      if (this.gzip) this.res.end(this.gzip.end());
      else this.res.end();
    };
    if (this.compressing) void this.compressing.then(finish);
    else finish();
  }

  private compress(piece: string): void {
    const gzip = this.gzip!;
    if (piece.length < ASYNC_PIECE_BYTES && !this.compressing) {
      this.send(gzip.piece(piece, compressPieceSync(piece)));
      return;
    }
    const compressed = piece.length < ASYNC_PIECE_BYTES ? Promise.resolve(compressPieceSync(piece)) : compressPiece(piece);
    this.compressingBytes += piece.length;
    const previous = this.compressing ?? Promise.resolve();
    const done: Promise<void> = Promise.all([compressed, previous]).then(
      ([out]) => {
        this.compressingBytes -= piece.length;
        if (this.compressing === done) this.compressing = null;
        this.send(gzip.piece(piece, out));
      },
      (error: unknown) => {
        console.error('sync: stream compression failed', error);
        this.res.destroy();
      },
    );
    this.compressing = done;
  }

  /** While compression lags behind the database by more than MAX_PENDING, writers wait for it. */
  private backlog(): Promise<void> | null {
    return this.compressing && this.compressingBytes > MAX_PENDING ? this.compressing : null;
  }

  private send(chunk: string | Buffer): void {
    if (this.res.destroyed || this.res.writableEnded) return;
    if (!this.res.write(chunk) && this.res.writableLength > MAX_PENDING && !this.drained) {
      this.drained = new Promise<void>((resolve) => {
        const done = () => {
          this.res.off('drain', done);
          this.res.off('close', done);
          this.drained = null;
          resolve();
        };
        this.res.on('drain', done);
        this.res.on('close', done);
      });
    }
  }
}
