// How the server rides out PostgreSQL going away: the built server runs as a child process against a scratch
// database reached through a proxy that can cut it (tests/helpers/cut-proxy.mjs). Requests run all along, four at a time
// (GET /healthz, one query; QrTagService.Resolve over Connect JSON, an RPC), and a writer changes a vehicle every
// 100 ms straight into PostgreSQL (not through the proxy), each change timed until the replicator has taken it.
// Three faults, one after the other:
//   terminate   pg_terminate_backend on every backend of the server (what a restart or a proxy's time-out does);
//   refused     the database down for CUT_MS: connections reset, new ones reset as they come;
//   silent      the network to it gone for CUT_MS: nothing answered, nothing reset.
// For each: how requests caught in it ended and how long they waited; how long after the database was back the
// first request succeeded; how long after that every change written meanwhile was replicated. The server must still
// be running at the end.
//   node build.mjs --server-only && node bench/db-faults.mjs [cutMs]
import { loadavg } from 'node:os';
import pg from 'pg';
import { startCutProxy } from '../tests/helpers/cut-proxy.mjs';
import { percentile, report, requireServerBuild, scratchDatabase, sleep, startServer } from './sync-lib.mjs';

requireServerBuild();
const CUT_MS = Number(process.argv[2]) || 3000;
/** Budgets, argued in bench/README.md ("PostgreSQL going away"). */
const BUDGET = {
  /** A request while the database refuses: answered (503 / Unavailable) rather than held. */
  refusedWaitMs: 1000,
  /** A request while the network is silent: the 5 s bound on any one wait (DATABASE_WAIT_MS, server/db/postgres.ts) and its work. */
  silentWaitMs: 6000,
  /** The first request that succeeds once the database is back. */
  backMs: 1000,
  /** Every change written while the database was away is replicated, counted from its return. */
  replicationMs: 3000,
};
const BENCH_APP = 'tagbook-bench';
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const db = await scratchDatabase();
const target = new URL(db.url);
const proxy = await startCutProxy(Number(target.port || 5432), target.hostname);
const viaProxy = new URL(db.url);
viaProxy.host = `127.0.0.1:${proxy.port}`;
const server = await startServer(viaProxy.toString(), { SEED: '1' });
// The bench's own connections go straight to PostgreSQL and are never cut.
const direct = new pg.Pool({ connectionString: db.url, max: 3, application_name: BENCH_APP });
const writer = new pg.Client({ connectionString: db.url, application_name: BENCH_APP });
await writer.connect();
const alive = () => {
  try {
    process.kill(server.pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Requests in a loop, each timed with how it ended. */
function startProbes() {
  const results = [];
  let running = true;
  const one = async (kind) => {
    const started = performance.now();
    let status;
    try {
      const res =
        kind === 'health'
          ? await fetch(`${server.url}/healthz`)
          : await fetch(`${server.url}/rpc/tagbook.v1.QrTagService/Resolve`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ hash: 'DEMOTAG00001' }),
            });
      const body = await res.text();
      status = res.ok ? 'ok' : kind === 'rpc' ? `${res.status} ${JSON.parse(body).code}` : String(res.status);
    } catch {
      status = 'no answer';
    }
    results.push({ kind, started, ended: performance.now(), status });
  };
  const loops = [0, 1, 2, 3].map(async (i) => {
    while (running) {
      await one(i % 2 === 0 ? 'health' : 'rpc');
      await sleep(20);
    }
  });
  return { results, stop: async () => ((running = false), await Promise.all(loops)) };
}

/** A change every 100 ms, each with the time it committed and the time the replicator had taken it. */
function startWriter(vehicleId) {
  const writes = [];
  let running = true;
  let n = 0;
  const write = (async () => {
    while (running) {
      await writer.query('begin');
      await writer.query('update vehicles set description = $1 where id = $2', [`change ${n++}`, vehicleId]);
      const { rows } = await writer.query('select max(seq) as seq from sync_changes');
      await writer.query('commit');
      writes.push({ seq: Number(rows[0].seq), committed: performance.now(), replicated: null });
      await sleep(100);
    }
  })();
  // Replicated changes leave the log: a change is taken once no entry at or below its seq remains.
  const watch = (async () => {
    while (running || writes.some((w) => w.replicated === null)) {
      const { rows } = await direct.query('select min(seq) as low from sync_changes');
      const low = rows[0].low === null ? Infinity : Number(rows[0].low);
      const now = performance.now();
      for (const w of writes) if (w.replicated === null && w.seq < low) w.replicated = now;
      await sleep(10);
    }
  })();
  return { writes, stop: async () => ((running = false), await write, await watch) };
}

async function terminateServerBackends() {
  const { rows } = await direct.query(
    `select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity
      where datname = current_database() and application_name <> $1 and pid <> pg_backend_pid()`,
    [BENCH_APP],
  );
  return Number(rows[0].n);
}

/**
 * What the probes and the writer saw of one fault: from `from` (the cut) to `back` (the database back), and up to
 * `until` (the next fault). A termination is over as it happens: the requests of its first second count as caught.
 */
function summarize(name, probes, writes, { from, back, until }) {
  const caughtUntil = Math.max(back, from + 1000);
  const caught = probes.filter((r) => r.started >= from && r.started < caughtUntil);
  const statuses = {};
  for (const r of caught) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const waits = caught.map((r) => r.ended - r.started).sort((a, b) => a - b);
  const firstOk = probes.filter((r) => r.status === 'ok' && r.ended >= back).sort((a, b) => a.ended - b.ended)[0];
  // Only requests over before the next fault began: one still in flight then is that fault's, not this one's.
  const failedAfter = probes.filter((r) => r.started >= back + BUDGET.backMs && r.ended < until && r.status !== 'ok').length;
  // Each change written while it was away (or in the second after) waits for replication from the database's return.
  const affected = writes.filter((w) => w.committed >= from - 100 && w.committed < caughtUntil);
  const resumed = Math.max(0, ...affected.map((w) => (w.replicated ?? Infinity) - Math.max(w.committed, back)));
  return {
    name, caught: caught.length, statuses, waitP50: percentile(waits, 50), waitMax: waits.at(-1) ?? 0,
    backMs: firstOk ? firstOk.ended - back : Infinity, failedAfter, changes: affected.length, resumed,
  };
}

let failed = false;
try {
  const [{ id: vehicleId }] = (await direct.query(`select id from vehicles where name = 'Red 911'`)).rows;
  console.log(`load before: ${load()}; cut for ${CUT_MS} ms`);
  const probes = startProbes();
  const changes = startWriter(vehicleId);
  await sleep(2000);
  const faults = [];

  let at = performance.now();
  const terminated = await terminateServerBackends();
  await sleep(4000);
  faults.push({ name: `terminate (${terminated} backends)`, from: at, back: at, until: performance.now() });

  for (const how of ['refused', 'silent']) {
    at = performance.now();
    proxy.cut(how);
    await sleep(CUT_MS);
    const back = performance.now();
    proxy.restore();
    await sleep(how === 'silent' ? 9000 : 5000);
    faults.push({ name: `${how} for ${CUT_MS} ms`, from: at, back, until: performance.now() });
  }
  await probes.stop();
  await changes.stop();

  for (const f of faults) {
    const s = summarize(f.name, probes.results, changes.writes, f);
    const waitBudget = f.name.startsWith('silent') ? BUDGET.silentWaitMs : BUDGET.refusedWaitMs;
    console.log(`\n${s.name}: ${s.caught} requests caught in it: ${JSON.stringify(s.statuses)}`);
    if (s.caught > 0) report('  a request caught in it waited (p50 / max)', `${s.waitP50.toFixed(0)} / ${s.waitMax.toFixed(0)} ms`, `max ≤ ${waitBudget} ms`, s.waitMax <= waitBudget);
    report('  first request that succeeded, after it was back', `${s.backMs.toFixed(0)} ms`, `≤ ${BUDGET.backMs} ms`, s.backMs <= BUDGET.backMs);
    report('  requests failed a second after it was back', String(s.failedAfter), '0', s.failedAfter === 0);
    report(`  ${s.changes} changes written meanwhile: replicated after it was back`, `${s.resumed.toFixed(0)} ms`, `≤ ${BUDGET.replicationMs} ms`, s.resumed <= BUDGET.replicationMs);
    failed ||= (s.caught > 0 && s.waitMax > waitBudget) || s.backMs > BUDGET.backMs || s.failedAfter > 0 || s.resumed > BUDGET.replicationMs;
  }
  const running = alive();
  report('\nserver process still running', running ? 'yes' : 'no', 'yes', running);
  failed ||= !running;
  console.log(`load after: ${load()}`);
} finally {
  await writer.end().catch(() => {});
  await direct.end().catch(() => {});
  if (alive()) await server.stop();
  await proxy.close();
  await db.drop();
}
process.exit(failed ? 1 : 0);
