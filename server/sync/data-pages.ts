import type { Queryable } from '../db/db.js';
import { dataLine, opJson } from './lines.js';
import { readOps } from './stream-store.js';

/** At most this many ops per data line (the service's limit; the client accepts any). */
export const OPS_PER_LINE = 1000;
/**
 * Ops per database read. Larger reads save round trips, but past a few thousand rows PostgreSQL's planner prefers
 * scanning the table and sorting (on disk) to walking the (bucket, op_id) index, which costs 40× more; reading one
 * line's worth keeps it on the index, and the next read overlaps the current write anyway.
 */
const OPS_PER_READ = OPS_PER_LINE;

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
    const ops = await readOps(this.db, bucket, after, upTo, OPS_PER_READ);
    this.stats.opsServed += ops.length;
    if (ops.length === 0) return { line: null, nextAfter: upTo, done: true, ops: 0 };
    const last = Number(ops[ops.length - 1]!.op_id);
    const done = ops.length < OPS_PER_READ || last >= upTo;
    let lines = '';
    let lineAfter = after;
    for (let start = 0; start < ops.length; start += OPS_PER_LINE) {
      const chunk = ops.slice(start, start + OPS_PER_LINE);
      const lineLast = Number(chunk[chunk.length - 1]!.op_id);
      const more = !done || start + OPS_PER_LINE < ops.length;
      lines += dataLine(bucket, lineAfter, lineLast, more, chunk.map(opJson));
      lineAfter = lineLast;
    }
    return { line: lines, nextAfter: done ? upTo : last, done, ops: ops.length };
  }

  private evict() {
    for (const [key, entry] of this.cache) {
      if (this.bytes <= this.maxBytes) break;
      this.bytes -= entry.bytes;
      this.cache.delete(key);
    }
  }
}
