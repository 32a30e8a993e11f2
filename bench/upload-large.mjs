// A large local transaction on its way to the server (issue: uploads that never block). A device's 5 MB transaction
// (520 notes of 9,900 characters, written together) sent by the app's own upload code (src/data/transactionUpload.ts)
// to the built server: how many requests, how many bytes, how long — on loopback, and through Lighthouse's mobile
// network at the socket (750 kbps up, 150 ms RTT; bench/throttle-proxy.mjs) — beside the budgets below. Then how fast
// the server applies thousands of entries in one transaction, which bounds the largest transaction it accepts.
// Server over PGlite by default; BENCH_POSTGRES=1 runs it over a scratch PostgreSQL database.
// Run after `npm run build`: node bench/upload-large.mjs
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { requireBuild, startAppServer } from './browser-lib.mjs';
import { LIGHTHOUSE_MOBILE } from './throttle-proxy.mjs';
import { report, ROOT, scratchDatabase } from './sync-lib.mjs';

const NOTES = 520;
const NOTE_CHARS = 9_900;
const out = join(ROOT, '.tmp', 'bench-upload-large.mjs');
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
await build({ entryPoints: [join(ROOT, 'bench', 'upload-large-entry.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: out, logLevel: 'warning' });
const m = await import(out);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

requireBuild();
const pg = process.env.BENCH_POSTGRES ? await scratchDatabase() : null;
const env = pg ? { DATABASE_URL: pg.url } : {};

/** Signs in the demo owner, gives them a vehicle of their own, and returns a sender counting requests and bytes. */
async function setUp(url) {
  const device = await m.TestDevice.create({ url });
  await device.signIn('owner@tagbook.test', 'tagbook-demo');
  const rpc = device.client(m.SyncService);
  const vehicleId = m.newId();
  const put = { clientId: 1, id: vehicleId, op: 'PUT', table: 'vehicles', opData: { name: 'Bench van', is_public: 0 } };
  // A device id of its own for each run: with PostgreSQL, later runs share the database.
  const clientId = `bench-${m.newId()}`;
  const made = await rpc.uploadData({ clientId, transactionId: 1n, crud: [m.toWireEntry(put)] });
  if (made.errors.length > 0) throw new Error(`could not make the vehicle: ${made.errors[0].message}`);
  const requests = [];
  const send = async (request) => {
    const started = performance.now();
    const res = await rpc.uploadData(request);
    requests.push({ bytes: m.requestBytes(request), ms: performance.now() - started });
    return res;
  };
  return { clientId, vehicleId, send, requests, owner: device.session.userId };
}

function notes(vehicleId, owner, count, chars) {
  return Array.from({ length: count }, (_, i) =>
    m.toWireEntry({ clientId: i + 1, id: m.newId(), op: 'PUT', table: 'vehicle_notes', opData: { vehicle_id: vehicleId, user_id: owner, body: `${i}:`.padEnd(chars, 'abcdefghij'), is_public: 0 } }),
  );
}

async function travel(throttled) {
  const server = await startAppServer(env, { throttled });
  try {
    const { clientId, vehicleId, owner, send, requests } = await setUp(server.url);
    const entries = notes(vehicleId, owner, NOTES, NOTE_CHARS);
    const started = performance.now();
    const settled = await m.uploadTransaction(send, clientId, 2n, entries);
    const ms = performance.now() - started;
    if (settled.errors.length > 0) throw new Error(`refused: ${settled.errors[0].message}`);
    const bytes = requests.reduce((n, r) => n + r.bytes, 0);
    return { ms, bytes, parts: requests.length, lastMs: requests.at(-1).ms, proxyUp: server.proxy?.bytes.up ?? null };
  } finally {
    await server.stop();
  }
}

async function applyRate(count) {
  const server = await startAppServer(env);
  try {
    const { clientId, vehicleId, owner, send, requests } = await setUp(server.url);
    const settled = await m.uploadTransaction(send, clientId, 2n, notes(vehicleId, owner, count, 200));
    if (settled.errors.length > 0) throw new Error(`refused: ${settled.errors[0].message}`);
    const last = requests.at(-1);
    return { parts: requests.length, lastMs: last.ms, perSecond: Math.round(count / (last.ms / 1000)) };
  } finally {
    await server.stop();
  }
}

let over = false;
try {
  console.log(`database: ${pg ? 'PostgreSQL' : 'PGlite'}`);
  const fast = await travel(false);
  report('5 MB transaction, loopback: requests', fast.parts, '', undefined);
  report('5 MB transaction, loopback: bytes sent', mb(fast.bytes), '', undefined);
  // The server's share stays under a fifth of what the bytes alone take on a phone's uplink (56 s for 5 MB at
  // 750 kbps): the network, never the server, decides how long a large transaction takes to arrive.
  const serverBudget = Math.round((fast.bytes / LIGHTHOUSE_MOBILE.upBytesPerSecond) * 1000 * 0.2);
  report('5 MB transaction, loopback: first part to applied', `${Math.round(fast.ms)} ms`, `≤ ${serverBudget} ms`, fast.ms <= serverBudget);
  report('  of which the last part (apply of 520 notes)', `${Math.round(fast.lastMs)} ms`, '', undefined);
  over ||= fast.ms > serverBudget;

  const slow = await travel(true);
  // The bytes alone need this long on the uplink; parts may add a round trip each and their headers (10 % in all),
  // and the server's work (as measured on loopback) comes on top.
  const linkMs = (slow.proxyUp / LIGHTHOUSE_MOBILE.upBytesPerSecond) * 1000;
  const budget = Math.round((fast.bytes / LIGHTHOUSE_MOBILE.upBytesPerSecond) * 1000 * 1.1 + fast.ms);
  report('5 MB transaction, mobile (750 kbps up): bytes up', mb(slow.proxyUp), '', undefined);
  report('5 MB transaction, mobile: first part to applied', `${Math.round(slow.ms)} ms`, `≤ ${budget} ms`, slow.ms <= budget);
  report('  the bytes alone on the uplink', `${Math.round(linkMs)} ms`, '', undefined);
  over ||= slow.ms > budget;

  for (const count of [3_000, 10_000]) {
    const rate = await applyRate(count);
    report(`${count.toLocaleString('en-US')} small notes: parts`, rate.parts, '', undefined);
    report(`${count.toLocaleString('en-US')} small notes: last part (apply)`, `${Math.round(rate.lastMs)} ms`, '', undefined);
    report(`${count.toLocaleString('en-US')} small notes: entries applied per second`, rate.perSecond, '', undefined);
  }
} finally {
  await pg?.drop();
}
process.exit(over ? 1 : 0);
