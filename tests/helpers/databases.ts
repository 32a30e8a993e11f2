import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { Backend } from './server.js';

/** Where a fresh test database may be created: TEST_DATABASE_URL, else the local trust-auth PostgreSQL. */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

let reachable: Promise<boolean> | null = null;

/** True when PostgreSQL answers. With TEST_DATABASE_URL set, an unreachable server is an error, not a skip. */
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch (err) {
      if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL is set but PostgreSQL did not answer: ${err}`);
      console.warn(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}; its variant of the server tests is skipped.`);
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

/** The databases the server suites run on: PGlite always, PostgreSQL when it answers. */
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
