import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { beforeEach } from 'vitest';
import { NOT_RUN_ON_POSTGRES, postgresMissingError, postgresOptedOut } from './postgres-required.mjs';
import type { Backend } from './server.js';

declare module 'vitest' {
  interface TaskMeta {
    /** This test was not run on PostgreSQL (opted out): counted in the summary of `npm test`. */
    [NOT_RUN_ON_POSTGRES]?: boolean;
  }
}

/** Where a fresh test database may be created: TEST_DATABASE_URL, else the local trust-auth PostgreSQL. */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

let reachable: Promise<boolean> | null = null;

/**
 * True when the server tests are to run on PostgreSQL too. False only when opted out (TAGBOOK_TEST_POSTGRES=skip,
 * tests/helpers/postgres-required.mjs); then every test the calling file runs is marked as not run on PostgreSQL,
 * for the summary of `npm test`. Otherwise PostgreSQL must answer: the file fails, saying where it looked.
 */
export async function postgresReachable(): Promise<boolean> {
  if (postgresOptedOut(process.env)) {
    markNotRunOnPostgres();
    return false;
  }
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch (err) {
      throw postgresMissingError(POSTGRES_ADMIN_URL, err);
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

/** Registered while the calling test file is collected: each of its tests ran without a PostgreSQL twin. */
function markNotRunOnPostgres(): void {
  beforeEach(({ task }) => {
    task.meta[NOT_RUN_ON_POSTGRES] = true;
  });
}

/** Suite options for a suite that only PostgreSQL can run: when opted out, its skipped tests are counted too. */
export function postgresOnly(): { meta?: { [NOT_RUN_ON_POSTGRES]: true } } {
  return postgresOptedOut(process.env) ? { meta: { [NOT_RUN_ON_POSTGRES]: true } } : {};
}

/** The databases the server suites run on: PGlite, and PostgreSQL unless opted out. */
export async function testBackends(): Promise<Backend[]> {
  return (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A brand-new database for one test file, dropped afterwards (connections forced off first). */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `tagbook_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
