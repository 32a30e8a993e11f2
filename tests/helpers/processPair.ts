import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../../server/db/db.js';
import { openPostgres } from '../../server/db/postgres.js';
import { LEADER_LOCK_KEY } from '../../server/sync/replicate/leader.js';
import { startBuiltServer, type Started } from './builtServer.js';
import { createScratchDatabase, type ScratchDatabase } from './databases.js';
import type { Backend, LoadBalancer } from './loadBalancer.js';

export interface ServerProcess extends Backend {
  started: Started;
  alive: boolean;
}

export interface ProcessPair {
  /** The process holding the replication lock when both had started. */
  leader: ServerProcess;
  other: ServerProcess;
  /** The shared database, to look at from outside both processes. */
  sql: pg.Client;
  db: Db;
  /** The name of the process that holds the replication lock now, or null when none does. */
  replicating(): Promise<string | null>;
  /** SIGKILL: no shutdown, no goodbye to PostgreSQL but the closed connections. */
  kill(process: ServerProcess): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Two processes of the built server (dist/server/main.js, as `npm start` runs it) started at the same moment on one
 * brand-new PostgreSQL database, behind the load balancer: both migrate, one seeds the demo data, one wins
 * replication. Each has a data directory of its own, as machines behind a load balancer do, and names itself to
 * PostgreSQL (application_name) so the test can tell which one holds the replication lock. `env` is added to both
 * processes' environment (an S3 store, for example).
 */
export async function startProcessPair(lb: LoadBalancer, env: Record<string, string> = {}): Promise<ProcessPair> {
  const scratch: ScratchDatabase = await createScratchDatabase();
  const sql = new pg.Client({ connectionString: scratch.url });
  await sql.connect();
  // The first batch replicated (the seed) is the moment someone leads.
  await sql.query('listen tagbook_sync_ops');
  const replicated = new Promise<void>((resolve) => sql.once('notification', () => resolve()));
  const dirs: string[] = [];
  const start = async (name: string): Promise<ServerProcess> => {
    const dataDir = mkdtempSync(join(tmpdir(), `tagbook-${name}-`));
    dirs.push(dataDir);
    const url = new URL(scratch.url);
    url.searchParams.set('application_name', `tagbook-${name}`);
    const started = await startBuiltServer({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      PUBLIC_URL: lb.url,
      SEED: '1',
      // Ops stay as replicated, so that the test can count them.
      SYNC_COMPACT_INTERVAL_MS: '0',
      SHUTDOWN_GRACE_MS: '500',
      ...env,
    });
    return { name, port: started.port, started, alive: true };
  };
  const results = await Promise.allSettled([start('one'), start('two')]);
  const processes = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const kill = async (p: ServerProcess) => {
    if (!p.alive) return;
    p.alive = false;
    p.started.child.kill('SIGKILL');
    await p.started.exited;
  };
  const cleanUp = async () => {
    for (const p of processes) await kill(p);
    await sql.end();
    await scratch.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await cleanUp();
    throw failed.reason;
  }
  await replicated;
  await sql.query('unlisten tagbook_sync_ops');
  const replicating = async () => {
    const { rows } = await sql.query<{ name: string }>(
      `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.objsubid = 1
          and l.database = (select oid from pg_database where datname = current_database())
          and (l.classid::bigint << 32) | l.objid::bigint = $1`,
      [LEADER_LOCK_KEY],
    );
    return rows[0]?.name.replace(/^tagbook-/, '') ?? null;
  };
  const leaderName = await replicating();
  const leader = processes.find((p) => p.name === leaderName);
  if (!leader) {
    await cleanUp();
    throw new Error(`replication is led by ${leaderName ?? 'nobody'}, not by one of the two processes`);
  }
  const db = await openPostgres(scratch.url);
  return {
    leader,
    other: processes.find((p) => p !== leader)!,
    sql,
    db,
    replicating,
    kill,
    async stop() {
      await db.close();
      await cleanUp();
    },
  };
}
