import pg from 'pg';
import type { Db, Queryable, Row } from './db.js';
import { copyFrom } from './pg-copy.js';
import { DatabaseUnavailable } from './errors.js';
import { transactionGuard, type TransactionGuard } from './tx-guard.js';

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
 * The longest a request waits on PostgreSQL for any one thing — a connection, new or from the pool, or the answer to
 * a statement — before it fails DatabaseUnavailable (Unavailable to the caller, who tries again). A database that
 * does not answer at all (a failover under way, a dropped route) would otherwise hold a request for as long as TCP
 * keeps its connection: minutes. A request that meets a database gone silent fails at the first such wait.
 */
export const DATABASE_WAIT_MS = 5000;
/**
 * PostgreSQL cancels a request's statement a little sooner (57014, also Unavailable): on a live network its own
 * answer arrives first, the connection stays usable and the database stops the work; the driver's limit above is
 * for a network gone silent, where no answer comes at all.
 */
const STATEMENT_TIMEOUT_MS = DATABASE_WAIT_MS - 500;
/**
 * A connection without traffic for this long gets TCP keep-alive probes, so a dead idle one leaves the pool (or ends
 * a dedicated connection) soon after, rather than after the operating system's default of two hours. Probes do not
 * help a statement awaiting its answer: the time-outs above do.
 */
const KEEPALIVE_IDLE_MS = 10_000;
/** Work no request waits on needs few connections at once: replication and its statistics, compaction, pruning. */
const BACKGROUND_CONNECTIONS = 4;

/** Every connection of this server: opening one is bounded, and idle ones are probed. */
const CONNECTION = { connectionTimeoutMillis: DATABASE_WAIT_MS, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS } as const;
/** The connections requests use: each statement bounded, on both sides. */
const REQUEST_LIMITS = { statement_timeout: STATEMENT_TIMEOUT_MS, query_timeout: DATABASE_WAIT_MS } as const;

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

/**
 * Connects to url (and checks the connection once, so a wrong URL fails at start rather than at first use). Two
 * pools: one for requests, every wait bounded (DATABASE_WAIT_MS), and one for the work no request waits on
 * (Db.background), whose statements take the time they need.
 */
export async function openPostgres(url: string): Promise<Db> {
  const base = { connectionString: url, options: '-c TimeZone=UTC', types: typeParsers(), ...CONNECTION };
  const requests = openPool({ ...base, ...REQUEST_LIMITS });
  const background = openPool({ ...base, max: BACKGROUND_CONNECTIONS });
  const close = async () => {
    await Promise.all([requests.end(), background.end()]);
  };
  try {
    await requests.query('select 1');
  } catch (error) {
    await close();
    throw error;
  }
  const guard = transactionGuard();
  const shared = { listen: (channel: string, cb: (payload: string) => void) => listenOn(url, channel, cb), close };
  const backgroundDb = poolDb(background, guard, shared, null);
  return poolDb(requests, guard, shared, backgroundDb);
}

function openPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // An idle client losing its connection must not crash the process; the pool replaces it on next use.
  pool.on('error', (error) => console.error('PostgreSQL idle client error:', error.message));
  return pool;
}

/** The Db of one pool; `background` null makes it its own background. Both pools share one transaction guard. */
function poolDb(pool: pg.Pool, guard: TransactionGuard, shared: Pick<Db, 'listen' | 'close'>, background: Db | null): Db {
  const db: Db = {
    kind: 'postgres',
    get background() {
      return background ?? db;
    },
    async query(sql, params) {
      guard.assertOutside('query');
      return run(pool, sql, params);
    },
    async transaction(fn) {
      guard.assertOutside('transaction');
      return transactionOn(pool, guard, fn);
    },
    ...shared,
  };
  return db;
}

async function transactionOn<T>(pool: pg.Pool, guard: TransactionGuard, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  // One pooled client for the whole transaction: BEGIN, the work and COMMIT must share a connection.
  const client = await pool.connect().catch((error: unknown) => {
    throw fromPg(error);
  });
  // While a client is checked out the pool does not listen to it, and pg reports a connection lost between two
  // statements (the transaction's own work in between) as an 'error' event: with nobody listening, that ends the
  // process. So the transaction listens for as long as it holds the client.
  let lost: Error | null = null;
  const onError = (error: Error) => {
    lost ??= error;
  };
  client.on('error', onError);
  // A statement without an answer of the database's own (a time-out, a lost connection) leaves the connection in an
  // unknown state, perhaps still busy with it: nothing more is sent on it, and it is destroyed, never rolled back
  // and reused.
  const statement = async <R>(work: () => Promise<R>): Promise<R> => {
    if (lost !== null) throw lost instanceof DatabaseUnavailable ? lost : new DatabaseUnavailable(lost);
    try {
      return await work();
    } catch (error) {
      if (error instanceof DatabaseUnavailable) lost ??= error;
      throw error;
    }
  };
  try {
    await statement(() => run(client, 'begin'));
    const tx: Queryable = {
      query: (sql, params) => statement(() => run(client, sql, params)),
      copyFrom: (sql, data) =>
        statement(() =>
          copyFrom(client, sql, data).catch((error: unknown) => {
            throw fromPg(error);
          }),
        ),
    };
    const result = await guard.inside(() => fn(tx));
    await statement(() => run(client, 'commit'));
    return result;
  } catch (error) {
    if (lost === null) {
      await client.query('rollback').catch((rollbackError: unknown) => {
        lost = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
    }
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(lost ?? undefined);
  }
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
