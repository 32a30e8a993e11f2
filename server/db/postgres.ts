import pg from 'pg';
import type { Db, Queryable, Row } from './db.js';
import { copyFrom } from './pg-copy.js';
import { DatabaseUnavailable } from './errors.js';
import { transactionGuard } from './tx-guard.js';

/**
 * PostgreSQL through a pg.Pool. Values come back in the same shapes as from pglite.ts:
 * - int8/bigint: string (pg's default; a JS number would silently lose precision past 2^53)
 * - date and timestamp without time zone: the text PostgreSQL prints (pg would build a Date in the process's local
 *   time zone, which differs between machines)
 * - timestamptz: Date; bytea: Uint8Array (pg gives a Buffer); numeric: string; json/jsonb: parsed.
 * Sessions run with TimeZone UTC, PGlite's default, so text renderings of timestamps agree too.
 */
type TypeId = Parameters<typeof pg.types.getTypeParser>[0];
// pg's typings only name scalar types; array OIDs are plain numbers to it.
const TEXT_ARRAY = 1009 as TypeId;
const OID = { BYTEA: 17, BYTEA_ARRAY: 1001, DATE: 1082, DATE_ARRAY: 1182, TIMESTAMP: 1114, TIMESTAMP_ARRAY: 1115 };

function typeParsers(): pg.CustomTypesConfig {
  const overrides = new pg.TypeOverrides();
  const parseText = (value: string): string => value;
  const parseTextArray = pg.types.getTypeParser(TEXT_ARRAY, 'text');
  const parseBytea = pg.types.getTypeParser(OID.BYTEA, 'text');
  const parseByteaArray = pg.types.getTypeParser(OID.BYTEA_ARRAY, 'text');
  // A copy, not a view: a small Buffer may be a slice of Node's shared pool.
  const toBytes = (buffer: Buffer | null): Uint8Array | null => (buffer === null ? null : new Uint8Array(buffer));
  overrides.setTypeParser(OID.BYTEA, 'text', (value) => toBytes(parseBytea(value) as Buffer));
  overrides.setTypeParser(OID.BYTEA_ARRAY, 'text', (value) => (parseByteaArray(value) as (Buffer | null)[]).map(toBytes));
  overrides.setTypeParser(OID.DATE, 'text', parseText);
  overrides.setTypeParser(OID.DATE_ARRAY, 'text', parseTextArray);
  overrides.setTypeParser(OID.TIMESTAMP, 'text', parseText);
  overrides.setTypeParser(OID.TIMESTAMP_ARRAY, 'text', parseTextArray);
  return overrides;
}

type Client = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * How long a new connection may take before the work that wanted it fails (Unavailable) instead of waiting: a
 * PostgreSQL that does not answer at all (a failover under way, a dropped route) would otherwise hold every request
 * for the operating system's TCP time-out, minutes. Keep-alives find dead connections that sit idle in the pool.
 */
export const CONNECT_TIMEOUT_MS = 5000;
const CONNECTION = { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true } as const;

/**
 * What pg raised, as this server tells it apart: the database's own answers (with their SQLSTATE) as they are, a
 * mistake in the values we passed (a TypeError) as it is, and everything else — socket errors, pg's "Connection
 * terminated", "not queryable" — as the connection lost (DatabaseUnavailable).
 */
function fromPg(error: unknown): unknown {
  return error instanceof pg.DatabaseError || error instanceof TypeError ? error : new DatabaseUnavailable(error);
}

/**
 * Without parameters pg uses the simple protocol: several statements are allowed (migrations need that) and pg
 * then returns one result per statement; like pglite.ts we answer with the rows of the last one.
 */
async function run<T extends Row>(client: Client, sql: string, params?: readonly unknown[]): Promise<T[]> {
  let result: pg.QueryResult<T> | pg.QueryResult<T>[];
  try {
    result = params === undefined || params.length === 0 ? await client.query<T>(sql) : await client.query<T>(sql, [...params]);
  } catch (error) {
    throw fromPg(error);
  }
  return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
}

/** Connects to url (and checks the connection once, so a wrong URL fails at start rather than at first use). */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, options: '-c TimeZone=UTC', types: typeParsers(), ...CONNECTION });
  // An idle client losing its connection must not crash the process; the pool replaces it on next use.
  pool.on('error', (error) => console.error('PostgreSQL idle client error:', error.message));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw error;
  }

  const guard = transactionGuard();
  return {
    kind: 'postgres',
    async query(sql, params) {
      guard.assertOutside('query');
      return run(pool, sql, params);
    },
    async transaction(fn) {
      guard.assertOutside('transaction');
      // One pooled client for the whole transaction: BEGIN, the work and COMMIT must share a connection.
      const client = await pool.connect().catch((error: unknown) => {
        throw fromPg(error);
      });
      // While a client is checked out the pool does not listen to it, and pg reports a connection lost between two
      // statements (the transaction's own work in between) as an 'error' event: with nobody listening, that ends
      // the process. So the transaction listens for as long as it holds the client; a lost one is destroyed.
      let lost: Error | null = null;
      const onError = (error: Error) => {
        lost ??= error;
      };
      client.on('error', onError);
      try {
        await run(client, 'begin');
        const tx: Queryable = {
          query: (sql, params) => run(client, sql, params),
          copyFrom: (sql, data) => copyFrom(client, sql, data).catch((error: unknown) => {
            throw fromPg(error);
          }),
        };
        const result = await guard.inside(() => fn(tx));
        await run(client, 'commit');
        return result;
      } catch (error) {
        if (lost === null) {
          await client.query('rollback').catch((rollbackError: unknown) => {
            // The connection is in an unknown state: destroy it instead of returning it to the pool.
            lost = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
        }
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(lost ?? undefined);
      }
    },
    listen: (channel, cb) => listenOn(url, channel, cb),
    close: () => pool.end(),
  };
}

/**
 * A connection of its own, outside the pool, for work that must keep one: LISTEN, a session-level lock. onLost is
 * called once when the connection breaks, however many errors pg reports for it, and the connection is closed by
 * then; ending it on purpose (client.end()) is not a loss.
 */
export async function openDedicatedConnection(url: string, onLost: (error: Error) => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, ...CONNECTION });
  let gone = false;
  client.on('error', (error) => {
    if (gone) return;
    gone = true;
    client.end().catch(() => {});
    onLost(error);
  });
  try {
    await client.connect();
  } catch (error) {
    gone = true;
    client.end().catch(() => {});
    throw fromPg(error);
  }
  return client;
}

/**
 * LISTEN needs a connection of its own for as long as it listens: a pooled one would go back to the pool (and to
 * other queries) between notifications. When that connection is lost, a new one is tried every second.
 */
async function listenOn(url: string, channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> {
  // The channel is interpolated into LISTEN (it cannot be a parameter): only this shape may reach the SQL.
  if (!/^[a-z_]{1,63}$/.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const reopenSoon = () => {
    if (!closed && retry === null) {
      retry = setTimeout(() => {
        retry = null;
        void open().catch(reopenSoon);
      }, 1000).unref();
    }
  };
  const open = async (): Promise<void> => {
    const next = await openDedicatedConnection(url, (error) => {
      console.error(`PostgreSQL LISTEN ${channel} connection lost:`, error.message);
      if (client === next) client = null;
      reopenSoon();
    });
    next.on('notification', (message) => {
      if (message.channel === channel) cb(message.payload ?? '');
    });
    try {
      await next.query(`listen ${channel}`);
    } catch (error) {
      next.end().catch(() => {});
      throw fromPg(error);
    }
    if (closed) await next.end();
    else client = next;
  };
  await open();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end();
  };
}
