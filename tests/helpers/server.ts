import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { Db } from '../../server/db/db.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import { createScratchDatabase, type ScratchDatabase } from './databases.js';

export type Backend = 'pglite' | 'postgres';
export const ROOT = join(import.meta.dirname, '..', '..');
export const STATIC_DIR = join(ROOT, 'dist', 'public');

export function requireBuild(): void {
  if (!existsSync(join(STATIC_DIR, 'index.html'))) {
    throw new Error('dist/public is missing: run `npm run build` (npm test does it first).');
  }
}

export interface TestServer extends RunningServer {
  backend: Backend;
  /** The server's DATA_DIR. */
  dataDir: string;
  /**
   * Stops the HTTP server (ending every stream) and starts it again on the same port over the same database; with
   * `staticDir`, serving another build's files (a deploy, as browsers see it).
   */
  restart(options?: { staticDir?: string }): Promise<void>;
  stop(): Promise<void>;
}

/** The real server on an ephemeral port over a brand-new database of the given backend. */
export async function startTestServer(backend: Backend, env: Record<string, string> = {}): Promise<TestServer> {
  let scratch: ScratchDatabase | null = null;
  let db: Db;
  if (backend === 'postgres') {
    scratch = await createScratchDatabase();
    db = await openPostgres(scratch.url);
  } else {
    db = await openPglite(null);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tagbook-test-'));
  const config = loadConfig(
    { PORT: '0', HOST: '127.0.0.1', SEED: '0', DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '2000', ...env },
    { staticDir: STATIC_DIR },
  );
  let current = await startServer(config, { db });
  const samePort = { ...config, port: current.port };
  return {
    url: current.url,
    port: current.port,
    db,
    backend,
    dataDir,
    get mailer() {
      return current.mailer;
    },
    get sync() {
      return current.sync;
    },
    get files() {
      return current.files;
    },
    close: () => current.close(),
    async restart(options = {}) {
      await current.close();
      current = await startServer({ ...samePort, ...options }, { db });
    },
    async stop() {
      await current.close();
      await db.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
