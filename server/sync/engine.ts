import type { IncomingMessage, ServerResponse } from 'node:http';
import { issueSyncToken, type IssuedToken, type IssueOptions, type VerifiedToken } from '../accounts/tokens.js';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { scheduleEmploymentRefresh } from '../db/employment.js';
import { schedulePruning } from '../db/retention.js';
import { compactOplog, scheduleCompaction, type CompactionReport } from './replicate/compact.js';
import { DataPages } from './serve/data-pages.js';
import { Follower } from './serve/follower.js';
import { SyncHub } from './hub.js';
import { advisoryLeadership, soleLeadership, type Leadership } from './replicate/leader.js';
import { Replicator, type ReplicatorOptions } from './replicate/replicator.js';
import { handleSyncRoute } from './serve/routes.js';
import type { ConnectionLimits } from './serve/connection-limits.js';
import { loadSyncRules, type SyncRules } from './rules.js';
import type { StreamRequest } from './serve/stream-request.js';

export type SyncConfig = Pick<Config, 'powersyncUrl' | 'databaseUrl' | 'syncRulesPath' | 'syncCompactIntervalMs'>;

export interface SyncEngineOptions {
  replicator?: ReplicatorOptions;
  /** What one connection may hold; CONNECTION_LIMITS (the PowerSync Service's defaults) unless a test lowers them. */
  limits?: ConnectionLimits;
  /** How often a process that does not replicate looks for progress it was not notified of (PostgreSQL only). */
  followerPollMs?: number;
}

/** The built-in sync engine of one server process: replicator (when leader), hub, streams, compaction. */
export interface SyncEngine {
  readonly rules: SyncRules;
  readonly hub: SyncHub;
  readonly replicator: Replicator;
  readonly pages: DataPages;
  /** Counters for tests and benchmarks. */
  readonly stats: {
    opsSent: number;
    checkpoints: number;
    requests: { userId: string; request: StreamRequest }[];
    /** Streams that failed, newest last: whose, and why (a limit's PSYNC_S2305 carries its code). */
    failures: { userId: string; code: string | null; message: string }[];
  };
  /** Handles the sync endpoints; false for every other request. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, shutdown: AbortSignal): Promise<boolean>;
  compact(): Promise<CompactionReport>;
  /** A sync token for userId (null: anonymous) with this server's audience; see server/accounts/tokens.ts. */
  issueToken(userId: string | null, options?: IssueOptions): Promise<IssuedToken>;
  stop(): Promise<void>;
}

export async function startSyncEngine(db: Db, config: SyncConfig, options: SyncEngineOptions = {}): Promise<SyncEngine> {
  const rules = await loadSyncRules(config.syncRulesPath);
  const hub = new SyncHub();
  const pages = new DataPages(db);
  const stats: SyncEngine['stats'] = { opsSent: 0, checkpoints: 0, requests: [], failures: [] };
  // Only a process that shares its PostgreSQL with others needs to win replication; anything else is alone.
  const leadership: Leadership =
    db.kind === 'postgres' && config.databaseUrl ? advisoryLeadership(config.databaseUrl) : soleLeadership();
  // PGlite answers nothing else while a batch's transaction runs: smaller batches keep requests responsive during a
  // bulk change (a 1,000-change batch holds it for about half a second on this machine; PostgreSQL is not blocked).
  const batchSize = options.replicator?.batchSize ?? (db.kind === 'pglite' ? 250 : 1000);
  // Replication, compaction, pruning and the employment flags are work no request waits on: they take the time they
  // need (Db.background), while streams and write checkpoints wait on the database only as long as requests do.
  const background = db.background;
  const takeOver = async (): Promise<void> => follower?.catchUpNow();
  const replicator: Replicator = new Replicator(background, rules, hub, leadership, { ...options.replicator, batchSize }, takeOver);
  const follower: Follower | null =
    db.kind === 'postgres' ? new Follower(db, hub, () => leadership.isLeader() && replicator.active, options.followerPollMs) : null;

  const [state] = await db.query<{ head_op: string; position: string }>('select head_op, position from sync_state where id = 1');
  hub.head = Number(state?.head_op ?? 0);
  hub.position = Number(state?.position ?? 0);
  await follower?.start();
  await replicator.start();
  const stopCompaction = scheduleCompaction(background, config.syncCompactIntervalMs, () => leadership.isLeader(), () => pages.clear());
  // Employment that starts or ends later changes what the rules give a user: the flag they read must follow the clock.
  const stopEmployment = scheduleEmploymentRefresh(background, () => leadership.isLeader());
  // Rows callers can make us store (write checkpoints, sign-in counters, mail, upload log) are bounded in time.
  const stopPruning = schedulePruning(background, () => leadership.isLeader());

  const deps = {
    db,
    rules,
    pages,
    stats,
    hub,
    config,
    onRequest(request: StreamRequest, token: VerifiedToken) {
      stats.requests.push({ userId: token.userId, request });
      if (stats.requests.length > 100) stats.requests.shift();
    },
    onFailure(error: unknown, token: VerifiedToken) {
      const code = (error as { code?: unknown }).code;
      stats.failures.push({ userId: token.userId, code: typeof code === 'string' ? code : null, message: String((error as Error).message ?? error) });
      if (stats.failures.length > 100) stats.failures.shift();
    },
    limits: options.limits,
  };

  return {
    rules,
    hub,
    replicator,
    pages,
    stats,
    handle: (req, res, url, shutdown) => handleSyncRoute(req, res, url, deps, shutdown),
    async compact() {
      const report = await compactOplog(background);
      pages.clear();
      return report;
    },
    issueToken: (userId, issueOptions) => issueSyncToken({ db, config }, userId, issueOptions),
    async stop() {
      await stopCompaction();
      await stopEmployment();
      await stopPruning();
      await replicator.stop();
      await follower?.stop();
      await leadership.stop();
    },
  };
}
