// What an anonymous device downloads on its first sync when the service holds many public vehicles (budget: 500 KB
// on the wire and 2 s at 100,000 public vehicles). Vehicles, each with a tag, arrive in statements of 1,000, newest
// last, as a growing service would see them; the replicator turns them into ops (and the server compacts the public
// bucket whenever its ops double, as it does in production); then anonymous first syncs are read at the socket
// (median of 5), right after replication and after a full compaction (the server's hourly pass).
//   npm run build && node bench/sync-public-bound.mjs [vehicles]
// BENCH_DATABASE_URL=<a database this benchmark seeded before> measures again without seeding (nor dropping it).
// Each first sync is read twice: accepting gzip (as browsers and the SDKs do) and without Accept-Encoding.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { replicated, report, requireServerBuild, scratchDatabase, startServer, tokenSigner, wireFirstSync } from './sync-lib.mjs';

requireServerBuild();
const total = Number(process.argv[2]) || 100_000;
const BATCH = 1_000;
const BYTES_BUDGET = 500 * 1024;
const MS_BUDGET = 2_000;

const reuse = process.env.BENCH_DATABASE_URL;
const db = reuse ? reusedDatabase(reuse) : await scratchDatabase();
let server = await startServer(db.url, { SYNC_COMPACT_INTERVAL_MS: '3600000' });
let failed = false;
try {
  let sign = await tokenSigner(server.url, db.pool);
  const started = performance.now();
  if (!reuse) await db.pool.query(
    `insert into users (id, email, username_digest) values ('benchowner000000000000', 'bench@example.com', repeat('a', 64))`,
  );
  for (let from = 1; !reuse && from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await db.pool.query(
      `insert into vehicles (id, name, description, category, vin, is_public, user_id, created_at, updated_at)
       select 'bound' || lpad(i::text, 17, '0'), 'Vehicle ' || i, 'A benchmark vehicle with a description of ordinary length',
              i % 7, 'WP0AB2A9XKS1' || lpad(i::text, 5, '0'), true, 'benchowner000000000000',
              now() - interval '1 year' + i * interval '1 second', now() - interval '1 year' + i * interval '1 second'
         from generate_series($1::int, $2::int) as i`,
      [from, to],
    );
    await db.pool.query(
      `insert into qr_tags (id, target_id, target_path)
       select 'B' || lpad(i::text, 11, '0'), 'bound' || lpad(i::text, 17, '0'), '/vehicle' from generate_series($1::int, $2::int) as i`,
      [from, to],
    );
  }
  await replicated(db.pool);
  const { rows } = await db.pool.query('select count(*)::int as n from vehicles where is_public');
  report(`${rows[0].n} public vehicles + tags: insert + replication`, `${((performance.now() - started) / 1000).toFixed(1)} s`);

  const measure = async (label) => {
    await measureEncoding(label, 'gzip, deflate, br');
    await measureEncoding(label, '');
  };
  const measureEncoding = async (label, acceptEncoding) => {
    const runs = [];
    for (let round = 0; round < 5; round++) runs.push(await wireFirstSync(server.url, await sign(null), { acceptEncoding }));
    runs.sort((a, b) => a.ms - b.ms);
    const median = runs[2];
    const bytes = [...runs].sort((a, b) => a.wireBytes - b.wireBytes)[2].wireBytes;
    report(`anonymous first sync, ${label}: ops`, `${median.ops}`);
    report(`  on the wire (${median.encoding})`, `${(bytes / 1024).toFixed(1)} KB`, '≤ 500 KB', bytes <= BYTES_BUDGET);
    report('  time to checkpoint_complete (median of 5)', `${Math.round(median.ms)} ms`, '≤ 2000 ms', median.ms <= MS_BUDGET);
    if (bytes > BYTES_BUDGET || median.ms > MS_BUDGET) failed = true;
  };
  await measure('right after replication');

  const compact = spawn(process.execPath, ['dist/server/main.js', '--compact'], {
    cwd: process.env.BENCH_SERVER_ROOT || process.cwd(),
    env: { ...process.env, DATABASE_URL: db.url, SEED: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await new Promise((resolve) => compact.once('exit', resolve));
  // A fresh process: the running one's cached data lines predate the other process's compaction.
  await server.stop();
  server = await startServer(db.url);
  sign = await tokenSigner(server.url, db.pool);
  await measure('after a full compaction');
} finally {
  await server.stop();
  if (!reuse) await db.drop();
  else await db.pool.end();
}
process.exit(failed ? 1 : 0);

function reusedDatabase(url) {
  return { url, pool: new pg.Pool({ connectionString: url, max: 4 }) };
}
