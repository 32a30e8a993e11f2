// Replication throughput: 100,000 public vehicles bulk-inserted in one statement (the public bucket takes every one,
// so each gives two ops: public[] and its owner's by_owner[…]), timed from the insert's commit until the replicator's position
// passes the last change it logged. Budget ≥ 20,000 rows/s. Meanwhile, live changes: one vehicle that
// existed before the load is updated over and over while the backlog drains, each timed from the UPDATE's commit
// until its op is in the oplog. Budget ≤ 1 s: a live change must not wait behind a bulk load. And requests the server
// answers during the load (GET /healthz), timed: replication must not starve them. PostgreSQL; the built
// server runs as a child process (its replicator is the one measured).
//   node build.mjs --server-only && node bench/replication.mjs [rows]
import { loadavg } from 'node:os';
import {
  allPublicRules,
  cpuMs,
  insertVehicles,
  percentile,
  replicated,
  report,
  requireServerBuild,
  scratchDatabase,
  sleep,
  startServer,
} from './sync-lib.mjs';

requireServerBuild();
const ROWS = Number(process.argv[2]) || 100_000;
const BUDGET_ROWS_PER_S = 20_000;
const BUDGET_LIVE_MS = 1000;
/** Pause between live changes, so they are a trickle and not a load of their own. */
const LIVE_GAP_MS = 200;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
/**
 * CPU time of the scratch database's backends, by pid: with other work on the machine, wall-clock rates wander, and
 * CPU per row says where the time went. (Same machine: /proc shows the PostgreSQL processes.)
 */
async function backendCpu(pool) {
  const { rows } = await pool.query('select pid from pg_stat_activity where datname = current_database()');
  const cpu = new Map();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMs(pid));
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}
const cpuSince = (before, after) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
const db = await scratchDatabase();
const server = await startServer(db.url, { SYNC_RULES: allPublicRules() });
let failed = false;
try {
  const { pool } = db;
  // The live vehicle exists (and is replicated) before the load, so its changes are the only ones about it.
  await insertVehicles(pool, 1, 'live');
  await replicated(pool);
  const { rows: live } = await pool.query(`select id from vehicles where id like 'live%'`);
  const liveId = live[0].id;
  const liveBucket = `by_owner[${JSON.stringify('benchowner000000000000')}]`;
  console.log(`load before: ${load()}`);

  const insertStarted = performance.now();
  await insertVehicles(pool, ROWS, 'bulk');
  const committed = performance.now();
  const serverCpu = cpuMs(server.pid);
  const dbCpu = await backendCpu(pool);
  const { rows: head } = await pool.query('select coalesce(max(seq), 0)::bigint as seq from sync_changes');
  const lastBulkSeq = Number(head[0].seq);

  // Position only, never count(*) over the log: the probe must not load the database it measures.
  let done = 0;
  const caughtUp = (async () => {
    for (;;) {
      const { rows } = await pool.query('select position from sync_state where id = 1');
      if (Number(rows[0].position) >= lastBulkSeq) return (done = performance.now());
      await sleep(20);
    }
  })();

  const latencies = [];
  const probe = (async () => {
    for (let k = 0; !done; k++) {
      const marker = `Live ${k} ${Math.random().toString(36).slice(2)}`;
      await pool.query('update vehicles set name = $1 where id = $2', [marker, liveId]);
      const sent = performance.now();
      const backlogAtSend = !done;
      for (;;) {
        const { rows } = await pool.query('select 1 from sync_oplog where bucket = $1 and data like $2 limit 1', [liveBucket, `%${marker}%`]);
        if (rows.length > 0) break;
        await sleep(5);
      }
      // Only changes made while the backlog was still draining count: the point is how long they wait behind it.
      if (backlogAtSend) latencies.push(performance.now() - sent);
      await sleep(LIVE_GAP_MS);
    }
  })();

  // Requests the server answers meanwhile (GET /healthz: one query), each timed: replication must not starve them.
  const answers = [];
  const requests = (async () => {
    while (!done) {
      const sent = performance.now();
      await (await fetch(`${server.url}/healthz`)).arrayBuffer();
      if (!done) answers.push(performance.now() - sent);
      await sleep(50);
    }
  })();

  await caughtUp;
  await requests;
  const serverCpuMs = cpuMs(server.pid) - serverCpu;
  const dbCpuMs = cpuSince(dbCpu, await backendCpu(pool));
  await probe;
  await replicated(pool);
  const seconds = (done - committed) / 1000;
  const rate = Math.round(ROWS / seconds);
  const { rows: ops } = await pool.query('select count(*)::int as n from sync_oplog');
  console.log(`insert ${((committed - insertStarted) / 1000).toFixed(1)} s; replication ${seconds.toFixed(2)} s; ${ops[0].n} ops in the oplog`);
  console.log(`load after: ${load()}`);
  const perRow = (ms) => `${Math.round((ms * 1000) / ROWS)} µs/row`;
  console.log(`CPU during replication: server ${serverCpuMs} ms (${perRow(serverCpuMs)}), PostgreSQL backends ${dbCpuMs} ms (${perRow(dbCpuMs)})`);
  report(`replication of ${ROWS} rows (bulk)`, `${rate} rows/s`, `≥ ${BUDGET_ROWS_PER_S} rows/s`, rate >= BUDGET_ROWS_PER_S);
  failed ||= rate < BUDGET_ROWS_PER_S;

  latencies.sort((a, b) => a - b);
  const worst = latencies.at(-1) ?? NaN;
  console.log(`live changes during the load: ${latencies.length}, median ${Math.round(percentile(latencies, 50))} ms`);
  report('live change to oplog during the load (max)', `${Math.round(worst)} ms`, `≤ ${BUDGET_LIVE_MS} ms`, worst <= BUDGET_LIVE_MS);
  failed ||= !(worst <= BUDGET_LIVE_MS);
  answers.sort((a, b) => a - b);
  console.log(
    `requests answered during the load: ${answers.length}, median ${percentile(answers, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(answers, 95).toFixed(1)} ms, max ${(answers.at(-1) ?? NaN).toFixed(1)} ms`,
  );
} finally {
  await server.stop();
  await db.drop();
}
process.exit(failed ? 1 : 0);
