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
import { AppSchema } from '../../src/data/schema.js';
import type { TestServer } from './server.js';

/** Where the client finds the server; a test swaps it when it restarts the server on another port. */
export interface SyncTarget {
  server: Pick<TestServer, 'url' | 'sync'>;
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
      // Uploads are not part of these tests; drop local writes so the queue never blocks checkpoints.
      const batch = await db.getCrudBatch();
      await batch?.complete();
    },
  };
  // The SDK keys its in-process locks by file name: two clients sharing a name would wait on each other forever.
  const dbFilename = `${basename(dir)}.db`;
  const db = new PowerSyncDatabase({ schema: AppSchema, database: { dbFilename, dbLocation: dir } });
  await db.init();
  await db.connect(connector, { connectionMethod: SyncStreamConnectionMethod.HTTP, retryDelayMs: 300, crudUploadThrottleMs: 50 });
  const waitFor = async (fn: () => Promise<boolean>, what: string, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await fn()) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await withTimeout(db.waitForFirstSync(), 20_000, 'first sync');
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
