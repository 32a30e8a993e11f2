import type { ServerResponse } from 'node:http';
import type { LineSink } from './connection.js';

/**
 * Lines to the HTTP response. Lines produced in the same tick (a diff, its cached data, the complete) leave as one
 * chunk at the end of that tick — nothing waits for a later event; a large line goes out at once. A slow client
 * makes write() wait for the socket to drain instead of piling data up in memory — but only past MAX_PENDING:
 * waiting for every 16 KB to drain would put a scheduling round trip with the client between every two data lines.
 */
const MAX_PENDING = 1024 * 1024;

export class ResponseSink implements LineSink {
  private buffer = '';
  private scheduled = false;
  private drained: Promise<void> | null = null;

  constructor(private readonly res: ServerResponse) {}

  get closed(): boolean {
    return this.res.destroyed || this.res.writableEnded;
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
    return this.drained ?? undefined;
  }

  flush(): void {
    this.scheduled = false;
    if (this.buffer === '' || this.closed) return;
    const chunk = this.buffer;
    this.buffer = '';
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

  /** Sends what is buffered, then ends the response. */
  end(line?: string): void {
    if (line) this.buffer += line;
    this.flush();
    if (!this.closed) this.res.end();
  }
}
