/** The one database interface the server codes against: PGlite embedded, or PostgreSQL through pg. */
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * `COPY … FROM STDIN`, the data in the format the statement names: the cheapest bulk write. Only a PostgreSQL
   * transaction has it; callers keep a path through query() for PGlite.
   */
  copyFrom?(statement: string, data: Buffer): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * This database for work no request waits on, which may rightly take long: migrations, replication (COPY),
   * compaction, pruning, sweeps. What requests use, the Db itself, bounds every wait on PostgreSQL
   * (postgres.ts DATABASE_WAIT_MS) so a database that stops answering fails the request instead of holding it;
   * this one's statements wait as long as they need. PGlite, in the process, has no such bound: there it is the Db.
   */
  readonly background: Db;
  /** Runs fn in one transaction; a thrown error rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls cb with the payload of each NOTIFY on channel (lowercase letters and underscores) until the returned
   * function is called. A notification arrives after its transaction commits. One may be missed while a lost
   * connection is re-established, so listeners keep a slow poll as a safety net.
   */
  listen?(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}
