// Change-to-client latency with 1, 100 and 1,000 connected streams (budget: p95 ≤ 300 ms at 1,000): the time from
// just before an UPDATE is sent to PostgreSQL until each stream has received the changed row. The readers are raw
// NDJSON streams in this process; the server runs as a child process.
//   npm run build && node bench/sync-latency.mjs [streams ...]
import {
  cpuMs,
  insertVehicles,
  percentile,
  rawStream,
  replicated,
  report,
  requireServerBuild,
  scratchDatabase,
  sleep,
  startServer,
  tokenSigner,
} from './sync-lib.mjs';

requireServerBuild();
const counts = process.argv.slice(2).map(Number).filter(Boolean);
const CHANGES = Number(process.env.BENCH_CHANGES) || 30;
const db = await scratchDatabase();
const server = await startServer(db.url);
let failed = false;
try {
  const sign = await tokenSigner(server.url, db.pool);
  // A small public bucket: the first checkpoint of a thousand streams stays cheap, and a change costs the same.
  await insertVehicles(db.pool, 50);
  await replicated(db.pool);
  const { rows } = await db.pool.query(`select id from vehicles order by id limit 1`);
  const target = rows[0].id;

  for (const n of counts.length ? counts : [1, 100, 1000]) {
    let marker = '';
    let changeStarted = 0;
    const seen = new Set();
    const samples = [];
    const streams = [];
    for (let i = 0; i < n; i++) {
      const id = i;
      streams.push(
        rawStream(server.url, await sign(null), {
          onChunk(text) {
            if (marker && !seen.has(id) && text.includes(marker)) {
              seen.add(id);
              samples.push(performance.now() - changeStarted);
            }
          },
        }),
      );
    }
    const open = await Promise.all(streams);
    await Promise.all(open.map((s) => s.complete()));
    await sleep(500);
    const cpu = cpuMs(server.pid);
    for (let k = 0; k < CHANGES; k++) {
      seen.clear();
      marker = `Latency probe ${n}-${k}-${Math.random().toString(36).slice(2)}`;
      changeStarted = performance.now();
      await db.pool.query('update vehicles set name = $1 where id = $2', [marker, target]);
      const deadline = Date.now() + 5000;
      while (seen.size < n && Date.now() < deadline) await sleep(5);
      if (seen.size < n) console.warn(`  change ${k}: only ${seen.size} of ${n} streams saw it within 5 s`);
      await sleep(100);
    }
    const serverCpu = cpuMs(server.pid) - cpu;
    await Promise.all(open.map((s) => s.close()));
    samples.sort((a, b) => a - b);
    const p50 = percentile(samples, 50);
    const p95 = percentile(samples, 95);
    const ok = n < 1000 || p95 <= 300;
    failed ||= !ok;
    report(`${n} stream(s): change reaches the client, p50`, `${p50.toFixed(1)} ms`);
    report(`${n} stream(s): change reaches the client, p95`, `${p95.toFixed(1)} ms`, n >= 1000 ? '≤ 300 ms' : '', n >= 1000 ? ok : undefined);
    report(`  server CPU per change`, `${(serverCpu / CHANGES).toFixed(1)} ms`);
    await sleep(500);
  }
} finally {
  await server.stop();
  await db.drop();
}
process.exit(failed ? 1 : 0);
