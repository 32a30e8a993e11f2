import type pg from 'pg';

/**
 * COPY … FROM STDIN over a pg client, for bulk writes: the rows go as one block in the format the statement
 * names (the replicator's is binary, server/sync/replicate/copy-binary.ts), without a parameter per value. pg itself answers
 * a COPY with "no source stream defined"; it does run any object with a submit() method as a query and hands it the
 * protocol events, so this is that object: send the statement, answer CopyInResponse with the data and CopyDone,
 * settle at ReadyForQuery (or at the first error).
 */
interface Connection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/** CopyData messages of a modest size: one message per megabyte rather than one of any size. */
const CHUNK_BYTES = 1 << 20;

class CopyIn {
  private failed: Error | null = null;
  private settled = false;
  readonly done: Promise<void>;
  private resolve!: () => void;
  private reject!: (error: Error) => void;

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: Connection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: Connection): void {
    for (let at = 0; at < this.data.length; at += CHUNK_BYTES) connection.sendCopyFromChunk(this.data.subarray(at, at + CHUNK_BYTES));
    connection.endCopyFrom();
  }

  handleError(error: Error): void {
    this.failed = error;
    // pg clears the active query on an error, so ReadyForQuery will not reach us: settle now.
    this.settle();
  }

  handleReadyForQuery(): void {
    this.settle();
  }

  // Events a COPY FROM does not produce, or whose content we do not need.
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}

  private settle() {
    if (this.settled) return;
    this.settled = true;
    if (this.failed) this.reject(this.failed);
    else this.resolve();
  }
}

/** Runs a `COPY table (columns) FROM STDIN …` statement on client with data already in the format it names. */
export async function copyFrom(client: Pick<pg.PoolClient, 'query'>, statement: string, data: Buffer): Promise<void> {
  const copy = new CopyIn(statement, data);
  // The submittable form of query() returns the object itself; its promise is ours.
  void client.query(copy as never);
  await copy.done;
}
