// Oplog size before and after compaction: 10,000 rows, each updated five times, then half of them deleted — the
// history compaction exists for. Also the time a new device needs to sync the result, before and after.
//   npm run build && node bench/sync-compaction.mjs [rows]
import { spawnSync } from 'node:child_process';
import {
  ROOT,
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
const rows = Number(process.argv[2]) || 10_000;
const db = await scratchDatabase();
const server = await startServer(db.url, { SYNC_RULES: allPublicRules() });
try {
  const sign = await tokenSigner(server.url, db.pool);
  await insertVehicles(db.pool, rows);
  for (let i = 0; i < 5; i++) await db.pool.query(`update vehicles set description = 'Revision ' || $1::int || ' of ' || id`, [i]);
  await db.pool.query(`delete from vehicles where right(id, 1) in ('1', '3', '5', '7', '9')`);
  await replicated(db.pool);

  const size = async () => {
    const { rows: [r] } = await db.pool.query(
      `select count(*)::int as ops, count(*) filter (where op = 'PUT')::int as puts,
              pg_total_relation_size('sync_oplog') as bytes, coalesce(sum(length(data)), 0)::bigint as data from sync_oplog`,
    );
    return r;
  };
  const firstSync = async () => {
    const started = performance.now();
    const stream = await rawStream(server.url, await sign(null));
    await stream.complete();
    await stream.close();
    return { ms: performance.now() - started, bytes: stream.bytes };
  };
  const mb = (n) => `${(Number(n) / 1024 / 1024).toFixed(1)} MB`;
  const before = await size();
  const syncBefore = await firstSync();
  const started = performance.now();
  const run = spawnSync(process.execPath, ['dist/server/main.js', '--compact'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: db.url },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`--compact failed: ${run.stderr}`);
  const compactMs = performance.now() - started;
  await db.pool.query('vacuum full sync_oplog');
  const after = await size();
  const syncAfter = await firstSync();
  report(`oplog ops before / after compaction`, `${before.ops} / ${after.ops}`);
  report(`  of which PUT (with row data)`, `${before.puts} / ${after.puts}`);
  report(`oplog table size before / after (vacuumed)`, `${mb(before.bytes)} / ${mb(after.bytes)}`);
  report(`new device's first sync: time`, `${syncBefore.ms.toFixed(0)} / ${syncAfter.ms.toFixed(0)} ms`);
  report(`new device's first sync: bytes`, `${mb(syncBefore.bytes)} / ${mb(syncAfter.bytes)}`);
  report(`compaction run (--compact, own process)`, `${compactMs.toFixed(0)} ms`);
} finally {
  await server.stop();
  await db.drop();
}
