// Bundled by bench/replication-cpu.mjs: the replicator's per-row work in one process, without a database round trip.
// The rows are logged by the real capture trigger (PGlite, migrated); the replay then does what the planner and the
// writer do with them — parse the logged JSON, convert, evaluate the rules, move the literals to the batch's arena,
// plan the batch and encode its COPY blocks — with the database calls answered at once.
import { readFileSync } from 'node:fs';
import { migrate } from '../server/db/migrate.js';
import { openPglite } from '../server/db/pglite.js';
import type { Queryable } from '../server/db/db.js';
import { NOTHING, planBatch, type Change, type Evaluated } from '../server/sync/replicate/batch.js';
import { moveLiterals } from '../server/sync/replicate/batch-planner.js';
import { LiteralArena } from '../server/sync/replicate/literal-arena.js';
import { writeBatch } from '../server/sync/replicate/oplog-write.js';
import { readColumnTypes } from '../server/sync/replicate/replicator-store.js';
import { toSqliteRow } from '../server/sync/replicate/rows.js';
import { evaluateRow, parseSyncRules } from '../server/sync/rules.js';

export interface Logged {
  table: string;
  rowId: string;
  json: string;
}

/** n public vehicles inserted as the replication benchmark inserts them, and their log entries as JSON text. */
export async function loggedVehicles(n: number) {
  const db = await openPglite(null);
  try {
    await migrate(db);
    await db.query(`insert into users (id, email, username_digest) values ('benchowner000000000000', 'bench@example.com', repeat('a', 64))`);
    await db.query(
      `insert into vehicles (id, name, description, category, vin, is_public, user_id)
       select 'bulk' || lpad(i::text, 18, '0'), 'Vehicle ' || i, 'A benchmark vehicle with a description of ordinary length',
              i % 7, 'WP0AB2A9XKS1' || lpad(i::text, 5, '0'), true, 'benchowner000000000000'
         from generate_series(1, $1::int) as i`,
      [n],
    );
    const rows = await db.query<{ table_name: string; row_id: string; json: string }>(
      `select table_name, row_id, row::text as json from sync_changes where table_name = 'vehicles' order by seq`,
    );
    return { logged: rows.map((r): Logged => ({ table: r.table_name, rowId: r.row_id, json: r.json })), types: await readColumnTypes(db) };
  } finally {
    await db.close();
  }
}

/** Every statement answered at once, COPY blocks built and dropped: only the encoding is measured. */
const nowhere: Queryable = { query: async () => [], copyFrom: async () => {} };

/** Replays the log in batches of batchSize; returns the process CPU time it took, in µs. */
export async function replay(
  logged: readonly Logged[],
  types: Awaited<ReturnType<typeof loggedVehicles>>['types'],
  rulesPath: string,
  batchSize = 1000,
): Promise<number> {
  const rules = parseSyncRules(readFileSync(rulesPath, 'utf8'));
  let headOp = 0;
  const started = process.cpuUsage();
  for (let from = 0; from < logged.length; from += batchSize) {
    const changes: Change[] = [];
    const evaluations = new Map<Change, Evaluated>();
    const literals = new LiteralArena(batchSize * 1024);
    for (let i = from; i < Math.min(logged.length, from + batchSize); i++) {
      const entry = logged[i]!;
      const change: Change = { seq: i + 1, table: entry.table, rowId: entry.rowId, op: 'PUT', record: null };
      const record = toSqliteRow(JSON.parse(entry.json) as Record<string, unknown>, types.get(entry.table));
      evaluations.set(change, moveLiterals(evaluateRow(rules, entry.table, record), literals));
      changes.push(change);
    }
    const plan = planBatch(changes, new Map(), (change) => evaluations.get(change) ?? NOTHING, headOp, literals);
    headOp = plan.headOp;
    await writeBatch(nowhere, plan);
  }
  const used = process.cpuUsage(started);
  return used.user + used.system;
}
