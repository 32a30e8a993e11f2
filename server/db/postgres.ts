import pg from 'pg';
import type { Db, Queryable, Row } from './db.js';
import { copyFrom } from './pg-copy.js';
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
 * Without parameters pg uses the simple protocol: several statements are allowed (migrations need that) and pg
 * then returns one result per statement; like pglite.ts we answer with the rows of the last one.
 */
async function run<T extends Row>(client: Client, sql: string, params?: readonly unknown[]): Promise<T[]> {
  const result: pg.QueryResult<T> | pg.QueryResult<T>[] =
    params === undefined || params.length === 0 ? await client.query<T>(sql) : await client.query<T>(sql, [...params]);
  return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
}

/** Connects to url (and checks the connection once, so a wrong URL fails at start rather than at first use). */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, options: '-c TimeZone=UTC', types: typeParsers() });
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
      const client = await pool.connect();
      try {
        await client.query('begin');
        const tx: Queryable = { query: (sql, params) => run(client, sql, params), copyFrom: (sql, data) => copyFrom(client, sql, data) };
        const result = await guard.inside(() => fn(tx));
        await client.query('commit');
        client.release();
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
          client.release();
        } catch (rollbackError) {
          // The connection is in an unknown state: destroy it instead of returning it to the pool.
          client.release(rollbackError instanceof Error ? rollbackError : true);
        }
        throw error;
      }
    },
    listen: (channel, cb) => listenOn(url, channel, cb),
    close: () => pool.end(),
  };
}

/**
 * LISTEN needs a connection of its own for as long as it listens: a pooled one would go back to the pool (and to
 * other queries) between notifications. When that connection fails, a new one is tried every second.
 */
async function listenOn(url: string, channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> {
  // The channel is interpolated into LISTEN (it cannot be a parameter): only this shape may reach the SQL.
  if (!/^[a-z_]{1,63}$/.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const reopenSoon = () => {
    if (!closed) retry = setTimeout(() => void open().catch(reopenSoon), 1000).unref();
  };
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) cb(message.payload ?? '');
    });
    next.on('error', (error) => {
      console.error(`PostgreSQL LISTEN ${channel} connection lost:`, error.message);
      if (client === next) client = null;
      next.end().catch(() => {});
      reopenSoon();
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
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
