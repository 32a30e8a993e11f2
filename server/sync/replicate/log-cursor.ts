import { sourceKey } from './batch.js';

/**
 * Where the replicator stands in the change log, and which entries a next batch takes. Pure bookkeeping (the reads
 * and writes are the replicator's), so the ordering rules are unit-tested on their own.
 *
 * Batches normally take the log in seq order, and `position` (everything at or below it is applied) moves with
 * them. While a backlog is being worked through (a bulk load), live changes logged after it began would wait for
 * all of it; instead they are taken out of order, between in-order batches, together with every older entry of
 * the same rows still in the backlog, so a row never goes back to an older version. Their entries are dropped by
 * seq, `ahead` remembers them until the position passes them, and in-order reads skip them meanwhile.
 */
export interface LogEntry {
  seq: number;
  tx?: string;
  table: string;
  rowId: string;
}

export class LogCursor {
  /** Seqs applied (or being applied) out of order that the position has not passed yet. */
  private readonly ahead = new Set<number>();
  /** The end of the backlog as last seen: entries above it are live. 0: no backlog. */
  private frontier = 0;
  /** Live entries were refused (see refuseLive); the rest of this backlog goes in order. */
  private liveRefused = false;
  /** The last batch was live: the next one is in order, so a steady stream of live changes cannot starve the backlog. */
  private liveLast = false;

  constructor(
    public position: number,
    public headOp: number,
  ) {}

  /** A backlog is being worked through, and live entries may be taken ahead of it. */
  get takesLive(): boolean {
    return this.frontier > this.position && !this.liveRefused && !this.liveLast;
  }

  /** Live entries are those above this seq. */
  get liveAfter(): number {
    return this.frontier;
  }

  /**
   * An in-order read of up to `limit` entries after the position, as the log returned it (entries already taken
   * ahead are dropped here). `full`: the read hit its limit, so more remain. The position moves to the last entry
   * read; after a read that saw the whole log, past every entry taken ahead as well (they are all below it).
   */
  takeInOrder<T extends LogEntry>(read: readonly T[], limit: number): { changes: T[]; position: number; full: boolean } {
    const full = read.length >= limit;
    const changes = this.ahead.size === 0 ? [...read] : read.filter((c) => !this.ahead.has(c.seq));
    let position = read.length > 0 ? read[read.length - 1]!.seq : this.position;
    if (!full) for (const seq of this.ahead) position = Math.max(position, seq);
    return { changes, position: Math.max(position, this.position), full };
  }

  /**
   * After a full in-order read ending at `readTo`: is the backlog's end still to be found (then read the log's tail
   * and call noteBacklog)? Only when the read went past the end known so far.
   */
  needsBacklogEnd(readTo: number): boolean {
    return readTo >= this.frontier;
  }

  /**
   * Where the backlog ends, from the newest entries of the log (oldest first) and the transaction of the last entry
   * read in order. A bulk load is one transaction with consecutive seqs (writers are serialized), and changes
   * logged after it are live even when they got in before the replicator looked: the backlog ends with that
   * transaction's last entry among them. When it is not among them, many entries followed it (a load in many
   * transactions): the backlog runs to the head.
   */
  noteBacklog(tail: readonly { seq: number; tx: string }[], bulkTx: string, readTo: number): void {
    let end = tail.length > 0 ? tail[tail.length - 1]!.seq : 0;
    for (let i = tail.length - 1; i >= 0; i--) {
      if (tail[i]!.tx === bulkTx) {
        end = tail[i]!.seq;
        break;
      }
    }
    // Never below what the in-order read took: live reads must not meet the batch being written.
    this.frontier = Math.max(this.frontier, end, readTo);
  }

  /**
   * A live batch: the live entries read above the frontier and the older entries of their rows found below it
   * (those already taken ahead are dropped), merged in seq order.
   */
  takeLive<T extends LogEntry>(live: readonly T[], older: readonly T[]): T[] {
    const seen = new Set<number>();
    const merged: T[] = [];
    for (const c of [...older, ...live]) {
      if (this.ahead.has(c.seq) || seen.has(c.seq)) continue;
      seen.add(c.seq);
      merged.push(c);
    }
    return merged.sort((a, b) => a.seq - b.seq);
  }

  /** The keys of the rows a set of entries is about, each once. */
  static rows<T extends LogEntry>(entries: readonly T[]): { table: string; rowId: string }[] {
    const keys = new Map<string, { table: string; rowId: string }>();
    for (const e of entries) keys.set(sourceKey(e.table, e.rowId), { table: e.table, rowId: e.rowId });
    return [...keys.values()];
  }

  /** Live entries that could not go ahead: this backlog is finished in order. */
  refuseLive(): void {
    this.liveRefused = true;
  }

  /** A batch was handed to the writer: the next one starts where it ends. */
  tookInOrder(position: number, headOp: number): void {
    this.position = position;
    this.headOp = headOp;
    this.liveLast = false;
    for (const seq of this.ahead) if (seq <= position) this.ahead.delete(seq);
    if (this.frontier <= position) {
      this.frontier = 0;
      this.liveRefused = false;
    }
  }

  tookLive(entries: readonly LogEntry[], headOp: number): void {
    this.headOp = headOp;
    this.liveLast = true;
    for (const e of entries) {
      this.ahead.add(e.seq);
      this.frontier = Math.max(this.frontier, e.seq);
    }
  }
}
