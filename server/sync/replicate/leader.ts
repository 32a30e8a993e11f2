import type pg from 'pg';
import { openDedicatedConnection } from '../../db/postgres.js';

/**
 * Which process replicates when several share one PostgreSQL: the holder of a session-level advisory lock
 * (7305420004) on a connection of its own. When the holder dies its connection closes and PostgreSQL releases the
 * lock, so another process takes over within one retry interval. Correctness does not rest on this: every batch
 * locks sync_state FOR UPDATE, so even two replicators at once would apply each change exactly once. Leadership
 * only keeps the others from doing that work twice.
 */
export const LEADER_LOCK_KEY = 7_305_420_004;

export interface Leadership {
  isLeader(): boolean;
  /** Called when this process becomes leader (and again after regaining it). */
  onAcquired(cb: () => void): void;
  stop(): Promise<void>;
}

/** A process alone with its database (PGlite, or a Db handed in without a URL) is always the leader. */
export function soleLeadership(): Leadership {
  return { isLeader: () => true, onAcquired: () => {}, stop: async () => {} };
}

export function advisoryLeadership(databaseUrl: string, retryMs = 2000): Leadership {
  let client: pg.Client | null = null;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const acquired: (() => void)[] = [];

  const retryIn = (ms: number) => {
    if (!stopped && timer === null) timer = setTimeout(() => void attempt(), ms).unref();
  };
  /**
   * The connection (and with it the lock) is gone. When PostgreSQL dropped it, that is usually over at once (a
   * proxy's time-out, a terminated backend), so the lock is tried again straight away, then at the usual interval;
   * a failing query is tried again at the usual interval only, so that it never turns into a tight loop.
   */
  const drop = (lostClient: pg.Client, reason: string, retryMsNext: number) => {
    if (lostClient !== client) return;
    if (leader) console.warn(`sync: replication leadership lost (${reason})`);
    leader = false;
    client = null;
    lostClient.end().catch(() => {});
    retryIn(retryMsNext);
  };

  const attempt = async () => {
    timer = null;
    if (stopped) return;
    let current = client;
    try {
      if (!current) {
        const next = await openDedicatedConnection(databaseUrl, (error) => drop(next, error.message, 0));
        if (stopped) {
          await next.end().catch(() => {});
          return;
        }
        client = current = next;
      }
      const [row] = (await current.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [LEADER_LOCK_KEY])).rows;
      if (row?.ok && !leader && !stopped) {
        leader = true;
        for (const cb of acquired) cb();
      }
    } catch (error) {
      if (current) drop(current, error instanceof Error ? error.message : String(error), retryMs);
      // Not connected at all (the database is down): the usual interval too.
      retryIn(retryMs);
      return;
    }
    if (!leader) retryIn(retryMs);
  };
  void attempt();

  return {
    isLeader: () => leader,
    onAcquired(cb) {
      acquired.push(cb);
      if (leader) cb();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      leader = false;
      const old = client;
      client = null;
      await old?.end().catch(() => {});
    },
  };
}
