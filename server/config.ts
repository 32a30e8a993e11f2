import { resolve } from 'node:path';
import type { S3Settings } from './files/s3-settings.js';

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
  /** Take the client address from the last X-Forwarded-For entry (only behind one proxy that appends it). */
  trustProxy: boolean;
  /** smtp:// or smtps:// URL of the mail relay; null keeps mail in the outbox and the console only. */
  smtpUrl: string | null;
  /** The From of every mail the server sends. */
  mailFrom: string;
  /** NODE_ENV=production: secrets such as emailed links never reach the console. */
  production: boolean;
  /** The password an admin gives to be served source maps; null: nobody can enable them (a PUBLIC_URL ending .dev serves them to all). */
  sourceMapPassword: string | null;

  // Sync engine (server/sync)
  /** The sync rules the built-in engine evaluates (the same file an external PowerSync Service would use). */
  syncRulesPath: string;
  /** How often the oplog is compacted; 0 turns the periodic job off (`--compact` still works). */
  syncCompactIntervalMs: number;

  // Files (server/storage)
  /** An S3-compatible store for uploaded files; null keeps them under DATA_DIR/files. */
  s3: S3Settings | null;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function flagFrom(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(`${name} must be 0 or 1, got "${value}"`);
}

// Checked at start: a typo would otherwise surface only when the first mail fails.
function smtpUrlFrom(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@host:587');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://`);
  return value;
}

/** All of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none of them. */
function s3From(env: NodeJS.ProcessEnv): S3Settings | null {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const set = names.filter((n) => env[n]);
  if (set.length === 0) return null;
  if (set.length < names.length) throw new Error(`S3 storage needs ${names.join(', ')}; missing ${names.filter((n) => !env[n]).join(', ')}`);
  const endpoint = env.S3_ENDPOINT!;
  if (!/^https?:\/\//.test(endpoint)) throw new Error('S3_ENDPOINT must be an http(s) URL');
  return {
    endpoint,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  };
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
    trustProxy: flagFrom(env.TRUST_PROXY, 'TRUST_PROXY'),
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || `Tagbook <no-reply@${new URL(publicUrl).hostname}>`,
    production: env.NODE_ENV === 'production',
    sourceMapPassword: env.SOURCE_MAP_PASSWORD || null,

    // Sync engine
    syncRulesPath: resolve(env.SYNC_RULES || 'sync-rules.yaml'),
    syncCompactIntervalMs: intFrom(env.SYNC_COMPACT_INTERVAL_MS, 3_600_000, 'SYNC_COMPACT_INTERVAL_MS'),

    s3: s3From(env),
  };
}
