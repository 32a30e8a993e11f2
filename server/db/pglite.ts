import { mkdir } from 'node:fs/promises';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, Row } from './db.js';
import { transactionGuard } from './tx-guard.js';

/**
 * Embedded PostgreSQL (PGlite). Values come back in the shapes postgres.ts also returns, so code and tests never
 * care which backend runs:
 * - int8/bigint: string (PGlite would give a number, or a BigInt past 2^53; pg gives a string)
 * - date and timestamp without time zone: the text PostgreSQL prints (no time zone is guessed on either side)
 * - timestamptz: Date; bytea: Uint8Array; numeric: string; json/jsonb: parsed — PGlite's defaults already.
 * Array columns use the element's parser, so int8[] is string[] too. The session time zone is UTC, as in
 * postgres.ts.
 */
const asText = (value: string): string => value;
const PARSERS = { [types.INT8]: asText, [types.DATE]: asText, [types.TIMESTAMP]: asText };

type Client = Pick<Transaction, 'query' | 'exec'>;

/**
 * A query without parameters goes through the simple protocol (exec), which accepts several statements — that is
 * how migrations run — and yields the rows of the last one; pg behaves the same. With parameters it is one prepared
 * statement.
 */
async function run<T extends Row>(client: Client, sql: string, params?: readonly unknown[]): Promise<T[]> {
  if (params === undefined || params.length === 0) {
    const results = await client.exec(sql);
    return (results.at(-1)?.rows ?? []) as T[];
  }
  return (await client.query<T>(sql, [...params])).rows;
}

/**
 * Opens (or creates) a PGlite database in dataDir; null keeps it in memory. PGlite is one connection: while a
 * transaction runs, every other query waits for it (the guard turns the self-deadlock of querying the Db from
 * inside its own transaction into an error).
 */
export async function openPglite(dataDir: string | null): Promise<Db> {
  if (dataDir !== null) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ?? undefined, { parsers: PARSERS, extensions: { pg_trgm } });
  await pglite.exec(`set time zone 'UTC'`);
  const guard = transactionGuard();
  const db: Db = {
    kind: 'pglite',
    get background() {
      return db;
    },
    async query(sql, params) {
      guard.assertOutside('query');
      return run(pglite, sql, params);
    },
    async transaction(fn) {
      guard.assertOutside('transaction');
      const tx = (client: Client): Queryable => ({ query: (sql, params) => run(client, sql, params) });
      return pglite.transaction((client) => guard.inside(() => fn(tx(client))));
    },
    async listen(channel, cb) {
      if (!/^[a-z_]{1,63}$/.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
      const unlisten = await pglite.listen(channel, cb);
      return () => unlisten();
    },
    close: () => pglite.close(),
  };
  return db;
}
