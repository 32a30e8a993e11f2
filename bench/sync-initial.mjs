// Initial sync of 10,000 and 100,000 rows: how fast the server generates a stream (raw reader, budget ≥ 100,000
// rows/s) and how fast the official Node client takes it in, with the server's CPU time for each. Also the
// replicator's rate turning the inserted rows into ops. PostgreSQL; the server runs as a child process.
//   npm run build && node bench/sync-initial.mjs [rows ...]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PowerSyncDatabase, SyncStreamConnectionMethod } from '@powersync/node';
import { Schema, Table, column } from '@powersync/common';
import {
  cpuMs,
  insertVehicles,
  rawStream,
  replicated,
  report,
  requireServerBuild,
  scratchDatabase,
  startServer,
  tokenSigner,
  allPublicRules,
} from './sync-lib.mjs';

requireServerBuild();
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const schema = new Schema({
  vehicles: new Table({
    name: column.text, description: column.text, category: column.integer, type: column.text, instagram: column.text,
    facebook: column.text, tiktok: column.text, youtube: column.text, website: column.text, cover: column.text,
    is_public: column.integer, created_at: column.text, updated_at: column.text,
  }),
});
let failed = false;

for (const rows of sizes.length ? sizes : [10_000, 100_000]) {
  const db = await scratchDatabase();
  const server = await startServer(db.url, { SYNC_RULES: allPublicRules() });
  try {
    const sign = await tokenSigner(server.url, db.pool);
    const insertStarted = performance.now();
    await insertVehicles(db.pool, rows);
    await replicated(db.pool);
    const replication = performance.now() - insertStarted;
    report(`${rows} rows: insert + replication`, `${Math.round(rows / (replication / 1000))} rows/s`);

    // The server's own rate: one reader that does nothing but count bytes. Each round starts one op later than the
    // one before, so it reads a warm database but none of the data lines the server cached; the median of five
    // rounds is reported (the first, cold one is shown on its own).
    const rates = [];
    let cpuTotal = 0;
    for (let round = 0; round < 6; round++) {
      const cpu = cpuMs(server.pid);
      const started = performance.now();
      const body = { buckets: [{ name: 'public[]', after: String(round) }], client_id: `raw-${round}` };
      const stream = await rawStream(server.url, await sign(null), { body });
      await stream.complete();
      const ms = performance.now() - started;
      await stream.close();
      if (round === 0) {
        report(`${rows} rows: server stream generation, cold`, `${Math.round(rows / (ms / 1000))} rows/s`);
        continue;
      }
      rates.push(Math.round(rows / (ms / 1000)));
      cpuTotal += cpuMs(server.pid) - cpu;
    }
    rates.sort((a, b) => a - b);
    const rate = rates[2];
    failed ||= rate < 100_000;
    report(`${rows} rows: server stream generation (median of 5)`, `${rate} rows/s`, '≥ 100000 rows/s', rate >= 100_000);
    report(`  server CPU per stream (${Math.round(cpuTotal / 5)} ms)`, `${Math.round(rows / (cpuTotal / 5 / 1000))} rows/CPU-s`);

    // The official client end to end.
    const dir = mkdtempSync(join(tmpdir(), 'tagbook-bench-'));
    const client = new PowerSyncDatabase({ schema, database: { dbFilename: 'bench.db', dbLocation: dir } });
    await client.init();
    const cpu = cpuMs(server.pid);
    const started = performance.now();
    const token = await sign(null);
    await client.connect(
      { fetchCredentials: async () => ({ endpoint: server.url, token }), uploadData: async () => {} },
      { connectionMethod: SyncStreamConnectionMethod.HTTP },
    );
    await client.waitForFirstSync();
    const ms = performance.now() - started;
    const { n } = await client.get('select count(*) as n from vehicles');
    if (n !== rows) throw new Error(`client has ${n} rows, expected ${rows}`);
    report(`${rows} rows: initial sync into @powersync/node`, `${Math.round(rows / (ms / 1000))} rows/s`);
    report('  server CPU', `${cpuMs(server.pid) - cpu} ms`);
    await client.disconnectAndClear();
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  } finally {
    await server.stop();
    await db.drop();
  }
}
process.exit(failed ? 1 : 0);
