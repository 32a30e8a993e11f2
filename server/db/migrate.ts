import type { Db } from './db.js';
import { migrations as allMigrations, type Migration } from './migrations/index.js';

/**
 * Key for pg_advisory_xact_lock: any fixed 64-bit number works as long as nothing else in the database uses it.
 * The lock serializes processes that start against one PostgreSQL at the same time; it is released with the
 * transaction, so a crashed process never leaves it held.
 */
const MIGRATION_LOCK_KEY = 7_305_420_001;

/**
 * Applies, in version order, each migration not yet recorded in schema_migrations, each in its own transaction
 * (a failing migration leaves no trace and stops the run). Returns the versions applied by this call; an
 * up-to-date database returns []. Safe to call on every start and from several processes at once.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = allMigrations): Promise<string[]> {
  assertOrdered(migrations);
  const applied: string[] = [];
  for (const migration of migrations) {
    // A migration may rightly run long (an index over a large table): it is work no request waits on.
    const ran = await db.background.transaction(async (tx) => {
      // Lock before looking: whoever waited here sees the other process's committed work.
      await tx.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      await tx.query(
        `create table if not exists schema_migrations (
           version text primary key,
           name text not null,
           applied_at timestamptz not null default now()
         )`,
      );
      const done = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (done.length > 0) return false;
      // No parameters: both adapters send this as a simple query, which may hold many statements.
      await tx.query(migration.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}

function assertOrdered(migrations: readonly Migration[]): void {
  let previous = '';
  for (const { version } of migrations) {
    if (!/^\d{4}$/.test(version) || version <= previous) {
      throw new Error(`Migration versions must be four digits in increasing order; got ${version} after ${previous}`);
    }
    previous = version;
  }
}
