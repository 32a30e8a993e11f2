import { resolve } from 'node:path';

/** Every setting comes from the environment; README.md documents each one. */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded database and generated keys live. */
  dataDir: string;
  /** When set, PostgreSQL through pg instead of embedded PGlite. */
  databaseUrl: string | null;
  /** The origin users reach us at: used in emails, tag URLs and token audiences. */
  publicUrl: string;
  /** The sync endpoint handed to clients; our own /sync unless an external PowerSync Service takes over. */
  powersyncUrl: string;
  /** Seed demo data on first start with an empty database. */
  seed: boolean;
  /** The built browser app. */
  staticDir: string;
  /** How long SIGTERM waits for in-flight requests before cutting connections. */
  shutdownGraceMs: number;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv, defaults: { staticDir: string }): Config {
  const port = intFrom(env.PORT, 8080, 'PORT');
  const publicUrl = trimSlash(env.PUBLIC_URL || `http://localhost:${port}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    publicUrl,
    powersyncUrl: trimSlash(env.POWERSYNC_URL || publicUrl),
    seed: env.SEED !== '0',
    staticDir: resolve(env.STATIC_DIR || defaults.staticDir),
    shutdownGraceMs: intFrom(env.SHUTDOWN_GRACE_MS, 10_000, 'SHUTDOWN_GRACE_MS'),
  };
}
