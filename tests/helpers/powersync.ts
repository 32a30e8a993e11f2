import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  PowerSyncDatabase,
  SyncStreamConnectionMethod,
  type AbstractPowerSyncDatabase,
  type PowerSyncBackendConnector,
  type PowerSyncCredentials,
} from '@powersync/node';
import { startServer } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Db } from '../../server/db/db.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import { seedDemo } from '../../server/db/seed.js';
import type { SyncEngine, SyncEngineOptions } from '../../server/sync/engine.js';
import { AppSchema } from '../../src/data/schema.js';
import { createScratchDatabase, type ScratchDatabase } from './databases.js';
import { STATIC_DIR, type Backend } from './server.js';
import { WAIT_BACKSTOP_MS } from './backstop.js';

/** Where the client finds the server; a test swaps it when it restarts the server on another port. */
export interface SyncTarget {
  server: { url: string; sync: Pick<SyncEngine, 'issueToken'> };
}

export interface SyncClient {
  db: AbstractPowerSyncDatabase;
  /** How many tokens the connector handed out (reconnects fetch new ones). */
  readonly tokensIssued: number;
  /** Rows of a table, ordered by id. */
  rows<T = Record<string, unknown>>(table: string, columns?: string): Promise<T[]>;
  /** Polls fn until it returns true (the client applies checkpoints asynchronously). */
  waitFor(fn: () => Promise<boolean>, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface SyncClientOptions {
  /** Lifetime of each token the connector fetches. */
  ttlSeconds?: number;
  /** The connector's uploadData; by default local writes are dropped so the queue never blocks checkpoints. */
  uploadData?: PowerSyncBackendConnector['uploadData'];
}

/**
 * The official @powersync/node client over a temporary SQLite file, connected over HTTP to the test server as
 * userId (null: an anonymous visitor). Credentials come straight from the server's token issuer — the RPC that
 * hands them to browsers is not what these tests are about.
 */
export async function openSyncClient(target: SyncTarget, userId: string | null, options: SyncClientOptions = {}): Promise<SyncClient> {
  const dir = mkdtempSync(join(tmpdir(), 'tagbook-ps-'));
  let tokensIssued = 0;
  const connector: PowerSyncBackendConnector = {
    async fetchCredentials(): Promise<PowerSyncCredentials> {
      tokensIssued++;
      const { token, expiresAt } = await target.server.sync.issueToken(userId, { ttlSeconds: options.ttlSeconds });
      return { endpoint: target.server.url, token, expiresAt };
    },
    async uploadData(db) {
      if (options.uploadData) return options.uploadData(db);
      const batch = await db.getCrudBatch();
      await batch?.complete();
    },
  };
  // The SDK keys its in-process locks by file name: two clients sharing a name would wait on each other forever.
  const dbFilename = `${basename(dir)}.db`;
  const db = new PowerSyncDatabase({ schema: AppSchema, database: { dbFilename, dbLocation: dir } });
  await db.init();
  await db.connect(connector, { connectionMethod: SyncStreamConnectionMethod.HTTP, retryDelayMs: 300, crudUploadThrottleMs: 50 });
  const waitFor = async (fn: () => Promise<boolean>, what: string, timeoutMs = WAIT_BACKSTOP_MS) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await fn()) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await withTimeout(db.waitForFirstSync(), WAIT_BACKSTOP_MS, 'first sync');
  return {
    db,
    get tokensIssued() {
      return tokensIssued;
    },
    rows: <T>(table: string, columns = '*') => db.getAll<T>(`select ${columns} from ${table} order by id`),
    waitFor,
    async close() {
      await db.disconnectAndClear().catch(() => {});
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ---- A server whose database outlives it (restart tests) ------------------------------------------------------

export interface SyncTestServer {
  url: string;
  port: number;
  db: Db;
  sync: SyncEngine;
  /** Stops the server process part, keeping the database. */
  close(): Promise<void>;
}

export interface SyncTestDatabase {
  db: Db;
  /** PostgreSQL only: the database's URL, so a second "process" can share it. */
  url: string | null;
  /** The real server over this database; port 0 picks a free one, a previous port restarts "the same" server. */
  start(options?: { port?: number; sync?: SyncEngineOptions; env?: Record<string, string>; db?: Db }): Promise<SyncTestServer>;
  drop(): Promise<void>;
}

export async function openSyncTestDatabase(backend: Backend): Promise<SyncTestDatabase> {
  const scratch: ScratchDatabase | null = backend === 'postgres' ? await createScratchDatabase() : null;
  const db = scratch ? await openPostgres(scratch.url) : await openPglite(null);
  const dataDir = mkdtempSync(join(tmpdir(), 'tagbook-sync-'));
  return {
    db,
    url: scratch?.url ?? null,
    async start(options = {}) {
      const config = loadConfig(
        // A fixed public URL: tokens name it as their audience, and must stay valid across a restart on another port.
        { PORT: String(options.port ?? 0), HOST: '127.0.0.1', PUBLIC_URL: 'http://tagbook.test', SEED: '0', DATA_DIR: dataDir,
          SHUTDOWN_GRACE_MS: '500', ...options.env },
        { staticDir: STATIC_DIR },
      );
      const serverDb = options.db ?? db;
      const server = await startServer(config, { db: serverDb, sync: options.sync });
      return { url: server.url, port: server.port, db: serverDb, sync: server.sync, close: () => server.close() };
    },
    async drop() {
      await db.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Demo data (server/db/seed.ts), replicated, with the demo users' ids by role. */
export async function seedAndReplicate(server: { db: Db; sync: SyncEngine }): Promise<Record<'admin' | 'owner' | 'worker', string>> {
  await seedDemo(server.db);
  await server.sync.replicator.idle();
  const rows = await server.db.query<{ id: string; email: string }>('select id, email from users');
  const id = (email: string) => rows.find((r) => r.email === email)?.id ?? '';
  return { admin: id('admin@tagbook.test'), owner: id('owner@tagbook.test'), worker: id('worker@tagbook.test') };
}

/** Every bucket's stored checksum and count agree with its ops: what clients verify, checked at the source. */
export async function oplogInconsistencies(db: Db): Promise<string[]> {
  const rows = await db.query<{ bucket: string; stored: string; summed: string; count: string; ops: string; last_op: string; max_op: string }>(
    `select b.bucket, b.checksum as stored, coalesce(sum(o.checksum), 0) % 4294967296 as summed, b.count,
            count(o.op_id) as ops, b.last_op, coalesce(max(o.op_id), 0) as max_op
       from sync_buckets b left join sync_oplog o using (bucket)
      group by b.bucket, b.checksum, b.count, b.last_op`,
  );
  return rows
    .filter((r) => r.stored !== r.summed || r.count !== r.ops || r.last_op !== r.max_op)
    .map((r) => `${r.bucket}: checksum ${r.stored} vs ${r.summed}, count ${r.count} vs ${r.ops}, last ${r.last_op} vs ${r.max_op}`);
}

// ---- The protocol by hand --------------------------------------------------------------------------------------

export interface RawStream {
  status: number;
  headers: Headers;
  /** The next line, parsed; throws after timeoutMs without one, returns null at the end of the stream. */
  next(timeoutMs?: number): Promise<Record<string, unknown> | null>;
  /** Lines until (and including) the first with the given key. */
  until(key: string, timeoutMs?: number): Promise<Record<string, unknown>[]>;
  close(): void;
}

/** POST /sync/stream read line by line, for what the official client does not show (line shapes, acknowledgements). */
export async function openRawStream(
  url: string,
  token: string | null,
  body: unknown = { buckets: [], client_id: 'raw' },
  extraHeaders: Record<string, string> = {},
): Promise<RawStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
  if (token !== null) headers.authorization = `Token ${token}`;
  const res = await fetch(`${url}/sync/stream`, { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const next = async (timeoutMs = 5000): Promise<Record<string, unknown> | null> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const newline = buffered.indexOf('\n');
      if (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.trim() !== '') return JSON.parse(line) as Record<string, unknown>;
        continue;
      }
      pending ??= reader.read();
      let timer: NodeJS.Timeout | undefined;
      const result = await Promise.race([
        pending,
        new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), Math.max(0, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
      if (result === 'timeout') throw new Error(`no sync line within ${timeoutMs} ms`);
      pending = null;
      if (result.done) return null;
      buffered += decoder.decode(result.value, { stream: true });
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    next,
    async until(key, timeoutMs = 5000) {
      const lines: Record<string, unknown>[] = [];
      for (;;) {
        const line = await next(timeoutMs);
        if (line === null) throw new Error(`stream ended before a ${key} line`);
        lines.push(line);
        if (key in line) return lines;
      }
    },
    close: () => controller.abort(),
  };
}
