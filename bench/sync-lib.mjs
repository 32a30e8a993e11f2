// Shared by the sync benchmarks: a scratch PostgreSQL database, the built server as a child process (so the bench's
// own readers never share its event loop), tokens signed with the server's key, raw stream readers, and the
// server's CPU and memory read from /proc.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import zlib from 'node:zlib';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';

export const ROOT = join(import.meta.dirname, '..');
export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const AUDIENCE = 'http://bench.test';

export function requireServerBuild() {
  if (!existsSync(join(ROOT, 'dist/server/main.js'))) {
    console.error('dist/server/main.js is missing: run `npm run build` first.');
    process.exit(1);
  }
}

export async function scratchDatabase() {
  const name = `tagbook_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // Dropping the database at the end cuts connections that are still closing; that is expected.
  pool.on('error', () => {});
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The built server over databaseUrl on a free port; resolves once /healthz answers. */
/** nodeArgs go to node itself (e.g. --cpu-prof); BENCH_SERVER_ARGS adds more from the environment. */
/** BENCH_SERVER_ROOT runs another build (a checkout of an earlier commit, built) for before/after figures. */
export async function startServer(databaseUrl, env = {}, nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean)) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    cwd: process.env.BENCH_SERVER_ROOT || ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: '0',
      POWERSYNC_URL: AUDIENCE,
      SYNC_COMPACT_INTERVAL_MS: '0',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (i > 300) throw new Error('server did not start');
    }
    await sleep(100);
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tokens as the server would issue them, signed with the key it keeps in sync_signing_keys. */
export async function tokenSigner(serverUrl, pool) {
  await fetch(`${serverUrl}/.well-known/jwks.json`); // makes the server create its key on first use
  const { rows } = await pool.query('select kid, private_jwk from sync_signing_keys where id = 1');
  const key = await importJWK(rows[0].private_jwk, 'EdDSA');
  return async (sub, ttlSeconds = 3600) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', kid: rows[0].kid })
      .setSubject(sub ?? `anonymous:${randomBytes(6).toString('hex')}`)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(key);
  };
}

/** Waits until the replicator has consumed the whole change log. */
export async function replicated(pool, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query('select count(*)::int as n from sync_changes');
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error('replication did not finish');
    await sleep(50);
  }
}

/** Inserts n public vehicles of one owner (ids of the shape vehicles require), one statement. */
export async function insertVehicles(pool, n, prefix = 'bench') {
  await pool.query(
    `insert into users (id, email, username_digest) values ('benchowner000000000000', 'bench@example.com', repeat('a', 64))
     on conflict do nothing`,
  );
  await pool.query(
    `insert into vehicles (id, name, description, category, vin, is_public, user_id)
     select $1 || lpad(i::text, 22 - length($1), '0'), 'Vehicle ' || i, 'A benchmark vehicle with a description of ordinary length',
            i % 7, 'WP0AB2A9XKS1' || lpad(i::text, 5, '0'), true, 'benchowner000000000000'
       from generate_series(1, $2::int) as i`,
    [prefix, n],
  );
}

/** A raw /sync/stream reader; counts ops and reports each complete checkpoint. Only cheap string scans. */
export async function rawStream(url, token, { onChunk, body } = {}) {
  const controller = new AbortController();
  const res = await fetch(`${url}/sync/stream`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? { buckets: [], client_id: randomBytes(8).toString('hex') }),
    signal: controller.signal,
  });
  if (!res.ok) throw new Error(`stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let completes = 0;
  let waiters = [];
  let bytes = 0;
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        bytes += value.length;
        const text = decoder.decode(value, { stream: true });
        onChunk?.(text);
        let found = 0;
        for (let at = text.indexOf('"checkpoint_complete"'); at >= 0; at = text.indexOf('"checkpoint_complete"', at + 1)) found++;
        if (found > 0) {
          completes += found;
          const ready = waiters.filter((w) => w.count <= completes);
          waiters = waiters.filter((w) => w.count > completes);
          for (const w of ready) w.resolve();
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    get bytes() {
      return bytes;
    },
    /** Resolves when the n-th checkpoint_complete has arrived. */
    complete(n = 1) {
      if (completes >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count: n, resolve }));
    },
    close() {
      controller.abort();
      return pump;
    },
  };
}

/** utime+stime of a process in milliseconds (Linux clock ticks are 1/100 s). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssKb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.replace(/\D+/g, ''));
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function report(what, figure, budget, ok) {
  const verdict = ok === undefined ? '' : ok ? 'OK' : 'OVER';
  console.log(`${what.padEnd(52)} ${String(figure).padStart(16)}   ${budget ? `budget ${budget}` : ''}   ${verdict}`);
}

/**
 * One first sync read at the socket: bytes as they cross the wire (compressed when the server compresses), the
 * time from the request to the first checkpoint_complete, and the ops received. acceptEncoding is sent as the
 * browser and the SDK would send it ('' sends none).
 */
export function wireFirstSync(url, token, { acceptEncoding = 'gzip, deflate, br', body } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = JSON.stringify(body ?? { buckets: [], client_id: randomBytes(8).toString('hex') });
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    const req = http.request(`${url}/sync/stream`, { method: 'POST', headers }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let wire = 0;
      let ops = 0;
      let text = '';
      const encoding = res.headers['content-encoding'];
      const decoded = encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : encoding === 'br' ? res.pipe(zlib.createBrotliDecompress()) : res;
      res.on('data', (chunk) => (wire += chunk.length));
      decoded.on('data', (chunk) => {
        text += chunk.toString('utf8');
        let newline;
        while ((newline = text.indexOf('\n')) >= 0) {
          const line = text.slice(0, newline);
          text = text.slice(newline + 1);
          for (let at = line.indexOf('"op_id"'); at >= 0; at = line.indexOf('"op_id"', at + 1)) ops++;
          if (line.startsWith('{"checkpoint_complete"')) {
            const ms = performance.now() - started;
            req.destroy();
            resolve({ ms, wireBytes: wire, ops, encoding: encoding ?? 'identity' });
            return;
          }
        }
      });
      decoded.on('error', () => {});
    });
    req.on('error', (error) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
    req.end(payload);
  });
}

/**
 * A copy of sync-rules.yaml whose public bucket takes every public vehicle and tag (the latest-only conditions of
 * migration 0009 taken out), for benchmarks about moving many rows to one device: the real public bucket holds 100.
 * Pass it as SYNC_RULES.
 */
export function allPublicRules() {
  const yaml = readFileSync(join(ROOT, 'sync-rules.yaml'), 'utf8');
  const all = yaml.replace(' AND is_latest = true', '').replace(' AND target_latest = true', '');
  if (all === yaml) throw new Error('sync-rules.yaml: the public bucket has no latest-only condition to take out');
  const file = join(mkdtempSync(join(tmpdir(), 'tagbook-bench-rules-')), 'sync-rules.yaml');
  writeFileSync(file, all);
  return file;
}
