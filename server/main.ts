import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './app.js';
import { loadConfig } from './config.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { formatDemoCredentials, seedDemo } from './db/seed.js';
import { compactOplog } from './sync/replicate/compact.js';
import { loadSyncRules, publicationSql } from './sync/rules.js';

// The bundle runs from dist/server; the built app sits beside it in dist/public.
const here = dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, { staticDir: join(here, '..', 'public') });

async function seedOnly() {
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const demo = await seedDemo(db);
    console.log(demo ? formatDemoCredentials(demo) : 'The database already has users: nothing seeded.');
  } finally {
    await db.close();
  }
}

/** `--compact`: one compaction of the sync oplog (with PGlite, while the server is stopped: one process at a time). */
async function compactOnly() {
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const report = await compactOplog(db.background);
    console.log(`Sync oplog compacted: ${report.buckets} bucket(s), ${report.opsBefore} ops before, ${report.opsAfter} after.`);
  } finally {
    await db.close();
  }
}

/** `--publication`: the statement that makes the publication a PowerSync Service replicates through. */
async function publicationOnly() {
  console.log(publicationSql(await loadSyncRules(config.syncRulesPath)));
}

async function serve() {
  // Signals are handled from the first moment: a SIGTERM during start-up waits for start-up, then shuts down.
  let running: Promise<{ close(): Promise<void> } | null> = Promise.resolve(null);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests…`);
    const server = await running.catch(() => null);
    await server?.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  running = (async () => {
    const db = await openDatabase(config);
    await migrate(db);
    if (config.seed) {
      const demo = await seedDemo(db);
      if (demo) console.log(formatDemoCredentials(demo));
    }
    const server = await startServer(config, { db });
    console.log(`Tagbook listening on ${config.publicUrl} (port ${server.port}, database ${db.kind})`);
    return {
      async close() {
        await server.close();
        await db.close();
      },
    };
  })();
  await running;
}

const commands = { '--seed-only': seedOnly, '--compact': compactOnly, '--publication': publicationOnly };
const command = Object.entries(commands).find(([flag]) => process.argv.includes(flag))?.[1] ?? serve;
command().catch((err) => {
  console.error(err);
  process.exit(1);
});
