import pg from 'pg';

/**
 * Which process replicates when several share one PostgreSQL: the holder of a session-level advisory lock
 * (7305420004) on a connection of its own. When the holder dies its connection closes and PostgreSQL releases the
 * lock, so another process takes over within one retry interval. Correctness does not rest on this: every batch
 * locks sync_state FOR UPDATE, so even two replicators at once would apply each change exactly once. Leadership
 * only keeps the others from doing that work twice.
 */
const LEADER_LOCK_KEY = 7_305_420_004;

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

  const drop = (reason: string) => {
    if (leader) console.warn(`sync: replication leadership lost (${reason})`);
    leader = false;
    const old = client;
    client = null;
    old?.end().catch(() => {});
    if (!stopped && timer === null) timer = setTimeout(() => void attempt(), retryMs).unref();
  };

  const attempt = async () => {
    timer = null;
    if (stopped) return;
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: databaseUrl });
        next.on('error', (error) => drop(error.message));
        await next.connect();
        client = next;
      }
      const [row] = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [LEADER_LOCK_KEY])).rows;
      if (row?.ok && !leader && !stopped) {
        leader = true;
        for (const cb of acquired) cb();
      }
    } catch (error) {
      drop(error instanceof Error ? error.message : String(error));
      return;
    }
    if (!stopped && !leader) timer = setTimeout(() => void attempt(), retryMs).unref();
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
