import type { Queryable } from '../../db/db.js';
import { dataLine, opJson } from './lines.js';
import { readOps } from './stream-store.js';

/**
 * How much one data line may carry. The SDK applies each line in a transaction of its own in the device's database,
 * and on phones a commit is a flush to storage: ten lines of 1,000 ops took measurably longer to apply than one of
 * 10,000. The byte bound keeps a line of wide rows from holding megabytes in the client's line buffer.
 */
export interface LineLimits {
  opsPerLine: number;
  bytesPerLine: number;
  /**
   * Ops per database read. Larger reads save round trips, but past a few thousand rows PostgreSQL's planner prefers
   * scanning the table and sorting (on disk) to walking the (bucket, op_id) index, which costs 40× more; a line is
   * therefore gathered from several reads of this size.
   */
  opsPerRead: number;
}

export const LINE_LIMITS: LineLimits = { opsPerLine: 10_000, bytesPerLine: 2 * 1024 * 1024, opsPerRead: 1000 };

export interface DataPage {
  /** One or more serialized data lines, newlines included; null when the range holds no op. */
  line: string | null;
  /** Where the next page starts (the last op id in this one), or upTo when the range is exhausted. */
  nextAfter: number;
  done: boolean;
  ops: number;
}

/**
 * Serialized data lines by (bucket, after, upTo). After a change, every stream holding that bucket asks for the
 * same range at once; the first asks the database and the others await the same promise, so a thousand streams
 * on the public bucket cost one query and one serialization. Bounded by total bytes, oldest out first.
 */
export class DataPages {
  private readonly cache = new Map<string, { page: Promise<DataPage>; bytes: number; value?: DataPage }>();
  private bytes = 0;
  /** Totals for tests and benchmarks. */
  readonly stats = { reads: 0, hits: 0, opsServed: 0 };

  constructor(
    private readonly db: Queryable,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly limits: LineLimits = LINE_LIMITS,
  ) {}

  /** The page if it is cached and already read; no promise involved. */
  ready(bucket: string, after: number, upTo: number): DataPage | undefined {
    const value = this.cache.get(`${bucket}\u0000${after}\u0000${upTo}`)?.value;
    if (value) this.stats.hits++;
    return value;
  }

  page(bucket: string, after: number, upTo: number): Promise<DataPage> {
    const key = `${bucket}\u0000${after}\u0000${upTo}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.stats.hits++;
      return cached.page;
    }
    const entry: { page: Promise<DataPage>; bytes: number; value?: DataPage } = { page: this.read(bucket, after, upTo), bytes: 0 };
    this.cache.set(key, entry);
    entry.page.then(
      (page) => {
        if (this.cache.get(key) !== entry) return;
        entry.value = page;
        entry.bytes = (page.line?.length ?? 0) * 2 + key.length * 2 + 64;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => this.cache.delete(key),
    );
    return entry.page;
  }

  clear(): void {
    this.cache.clear();
    this.bytes = 0;
  }

  private async read(bucket: string, after: number, upTo: number): Promise<DataPage> {
    this.stats.reads++;
    const { opsPerLine, bytesPerLine, opsPerRead } = this.limits;
    const ops: string[] = [];
    let bytes = 0;
    let last = after;
    let done = false;
    while (!done && ops.length < opsPerLine && bytes < bytesPerLine) {
      const limit = Math.min(opsPerRead, opsPerLine - ops.length);
      const batch = await readOps(this.db, bucket, last, upTo, limit);
      for (const op of batch) {
        const json = opJson(op);
        ops.push(json);
        bytes += json.length;
      }
      if (batch.length > 0) last = Number(batch[batch.length - 1]!.op_id);
      done = batch.length < limit || last >= upTo;
    }
    this.stats.opsServed += ops.length;
    if (ops.length === 0) return { line: null, nextAfter: upTo, done: true, ops: 0 };
    return {
      line: dataLine(bucket, after, last, !done, ops),
      nextAfter: done ? upTo : last,
      done,
      ops: ops.length,
    };
  }

  private evict() {
    for (const [key, entry] of this.cache) {
      if (this.bytes <= this.maxBytes) break;
      this.bytes -= entry.bytes;
      this.cache.delete(key);
    }
  }
}
