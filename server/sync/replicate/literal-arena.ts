/**
 * The data literals of one replicator batch (row-json.ts: each row's JSON as a JSON string literal, the form the
 * oplog stores), as UTF-8 bytes in one growing buffer outside the JS heap. The planner moves each row's literals here
 * as soon as the row is evaluated. Left as strings they lived until the whole batch was planned and written, and
 * every young-generation collection meanwhile copied them: in a profile of a bulk load, collections were the largest
 * single item of the replicator's work. Nothing copies this buffer; the COPY writer copies each literal's bytes out
 * of it once, and the JSON path (PGlite) reads each back as text.
 */
export class LiteralArena {
  private buffer: Buffer;
  private used = 0;
  /** Where literal i ends; it starts where literal i - 1 ends. */
  private readonly ends: number[] = [];

  constructor(expectedBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(Math.max(expectedBytes, 1024));
  }

  /** Stores text; returns its handle. */
  add(text: string): number {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    const most = text.length * 3;
    if (this.used + most > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + most));
      this.buffer.copy(grown, 0, 0, this.used);
      this.buffer = grown;
    }
    this.used += this.buffer.write(text, this.used, 'utf8');
    this.ends.push(this.used);
    return this.ends.length - 1;
  }

  /** The UTF-8 bytes of literal `handle` (a view of the buffer that holds them). */
  bytes(handle: number): Buffer {
    return this.buffer.subarray(this.start(handle), this.end(handle));
  }

  text(handle: number): string {
    return this.buffer.toString('utf8', this.start(handle), this.end(handle));
  }

  private start(handle: number): number {
    return handle === 0 ? 0 : this.ends[handle - 1]!;
  }

  private end(handle: number): number {
    const end = this.ends[handle];
    if (end === undefined) throw new Error(`no literal ${handle} in this batch`);
    return end;
  }
}

/** A row's data literal: the text itself, or its handle in the batch's LiteralArena once the planner moved it there. */
export type DataLiteral = string | number;

/** The text of a literal, wherever it is. */
export function literalText(literal: DataLiteral, arena: LiteralArena | null): string {
  return typeof literal === 'string' ? literal : arenaOf(arena).text(literal);
}

/** The UTF-8 bytes of a literal the arena holds. */
export function literalBytes(handle: number, arena: LiteralArena | null): Buffer {
  return arenaOf(arena).bytes(handle);
}

function arenaOf(arena: LiteralArena | null): LiteralArena {
  if (arena === null) throw new Error('a literal handle without its batch');
  return arena;
}
