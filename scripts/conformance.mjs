// Conformance check: the same sync-rules.yaml on the real PowerSync Service and on Tagbook's own engine, compared
// table by table on devices of every role, at first sync and after each of a series of writes and live changes.
//
// It needs a built PowerSync Service (open edition, the public repository powersync-ja/powersync-service; checked
// with v1.25.0) and the Node version it runs on. Built from source: Node 24 (`npm install --prefix <dir> node@24`),
// pnpm at the repository's packageManager version, then in the clone drop the root devDependency
// @pnpm/workspace.projects-reader (a tsconfig check script's, not served by the registry) and set
// '@mongodb-js/zstd' to false under allowBuilds in pnpm-workspace.yaml (its native build downloads; only MongoDB
// compression uses it), and run `pnpm install` and `pnpm build` with Node 24 first on PATH. Given as
//   POWERSYNC_SERVICE_DIR  the service's repository (or its service/ folder) after `pnpm build`
//   POWERSYNC_NODE         the node binary to run it with (Node 24)
// and runs: npm run conformance. Not part of npm test: CI cannot build the service.
//
// What it starts, all stopped again at the end: a PostgreSQL cluster of its own in a temporary directory
// (wal_level=logical, a free port; as root it runs as the postgres user, else nobody), never the machine's own;
// Tagbook's built server with the demo data and POWERSYNC_URL naming the service (server A); the service, replicating
// from Tagbook's database (publication `powersync` over every table the rules read) into PostgreSQL bucket storage,
// taking tokens from A's JWKS; and a second Tagbook server on the same database without POWERSYNC_URL (server B, our
// engine). Each role (anonymous visitor, demo owner, demo worker of the demo company, admin) gets one official
// @powersync/node client through A (synced by the service) and one through B (synced by our engine).
//
// Every difference is printed once: after the first sync, a step prints what is new or changed since the one before
// (CONFORMANCE_REPEAT=1 prints all of them every time), and a summary line.
//
// CONFORMANCE_FLEET=1 adds steps at the scale issue 28 names (scripts/conformance/fleet.mjs; about 3 minutes more):
// the owner with 10,000 more vehicles, a shop with 10,000 customer vehicles and its worker, the admin over both
// watching 100 of the fleet, each signing in again on both engines (first sync times, buckets held, whether an
// engine refused the connection); then 1,000 vehicles churned through the public list and both engines compacted,
// with what a new anonymous device is sent before and after. Those steps compare row counts and a digest of every
// row per table, and print the differences of a table whose digests differ.
//
// Exit status: 0 when every role's tables are identical on both engines after every step, 1 otherwise, 2 when the
// run could not be set up.
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Cluster } from './conformance/cluster.mjs';
import { openClient, waitUntil } from './conformance/clients.mjs';
import { countLine, diff, dump, formatDifference, timestampMs } from './conformance/compare.mjs';
import { runFleet } from './conformance/fleet.mjs';
import { freePort, serviceEntry, startService, startTagbook } from './conformance/processes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** How long any wait may take before it counts as a failure: generous, the run synchronises on the data. */
const BACKSTOP_MS = Number(process.env.CONFORMANCE_BACKSTOP_MS || 120_000);
const ROLES = ['anonymous', 'owner', 'worker', 'admin'];
const ENGINES = ['service', 'tagbook'];
const NAMES = { left: 'service', right: 'tagbook' };
/** CONFORMANCE_REPEAT=1 prints every difference after every step, not only what is new or changed since the one before. */
const REPEAT = process.env.CONFORMANCE_REPEAT === '1';
/**
 * The fleet steps (issue 28's scale: an owner with 10,000 vehicles, a shop with 10,000 customer vehicles, an admin
 * over both, 1,000 vehicles churned through the public list, compaction) take minutes, so they run when asked:
 * CONFORMANCE_FLEET=1 runs them with 10,000 vehicles, CONFORMANCE_FLEET=<n> with n (n > 1), unset or 0 not at all.
 */
const FLEET_SIZE = (() => {
  const value = process.env.CONFORMANCE_FLEET || '0';
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) setupError(`CONFORMANCE_FLEET=${value}: 1 (10,000 vehicles), a number of vehicles, or 0 (no fleet steps)`);
  return number === 1 ? 10_000 : number;
})();
const runStarted = performance.now();

const log = (line = '') => console.log(line);

function setupError(message) {
  console.error(`conformance: ${message}`);
  process.exit(2);
}

// ---- What is needed, before anything starts --------------------------------------------------------------------

function requireEnv() {
  const serviceDir = process.env.POWERSYNC_SERVICE_DIR;
  const node = process.env.POWERSYNC_NODE;
  const missing = [];
  if (!serviceDir) missing.push('POWERSYNC_SERVICE_DIR: the PowerSync Service repository after `pnpm install && pnpm build`');
  if (!node) missing.push('POWERSYNC_NODE: the node binary (Node 24) that runs the service');
  if (missing.length > 0) {
    setupError(
      `set ${missing.join('\n    and ')}\n` +
        'e.g. POWERSYNC_SERVICE_DIR=../pss/src POWERSYNC_NODE=../pss/node24/node_modules/node/bin/node npm run conformance\n' +
        '(how to build the service: the comment at the top of scripts/conformance.mjs)',
    );
  }
  const entry = serviceEntry(resolve(serviceDir));
  if (!entry) setupError(`no service/lib/entry.js under POWERSYNC_SERVICE_DIR=${serviceDir}: is the service built (pnpm build)?`);
  const nodePath = resolve(node);
  let nodeVersion;
  try {
    nodeVersion = execFileSync(nodePath, ['--version'], { encoding: 'utf8' }).trim();
  } catch (err) {
    setupError(`POWERSYNC_NODE=${node} does not run: ${err.message}`);
  }
  const serviceRoot = resolve(dirname(entry), '..');
  const servicePackage = JSON.parse(readFileSync(join(serviceRoot, 'package.json'), 'utf8'));
  let commit = '';
  try {
    commit = execFileSync('git', ['-C', serviceRoot, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // not a git checkout
  }
  return { entry, node: nodePath, nodeVersion, serviceVersion: servicePackage.version, commit };
}

function buildProject() {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) setupError(`node build.mjs failed:\n${result.stdout}${result.stderr}`);
  return performance.now() - started;
}

async function bundleProjectModules() {
  const out = join(ROOT, '.tmp', `conformance-${process.pid}.mjs`);
  mkdirSync(dirname(out), { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'scripts', 'conformance', 'entry.ts')],
    bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: out, logLevel: 'warning',
  });
  return out;
}

// ---- Tear-down, whatever happens --------------------------------------------------------------------------------

const cleanups = [];
let cleaning = null;
let interrupted = false;
function cleanUp() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const [what, fn] = cleanups.pop();
      try {
        await fn();
      } catch (err) {
        console.error(`conformance: stopping ${what} failed: ${err.message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping everything this run started…`);
    void cleanUp().then(() => process.exit(130));
  });
}

// ---- The run ----------------------------------------------------------------------------------------------------

async function main() {
  const env = requireEnv();
  const rulesPath = resolve(ROOT, process.env.SYNC_RULES || 'sync-rules.yaml');
  log(`PowerSync Service ${env.serviceVersion}${env.commit ? ` (commit ${env.commit})` : ''} on Node ${env.nodeVersion}; Tagbook on Node ${process.version}`);

  log(`Built Tagbook (node build.mjs) in ${(buildProject() / 1000).toFixed(1)} s`);
  const bundle = await bundleProjectModules();
  cleanups.push(['the bundled modules', () => rmSync(bundle, { force: true })]);
  const m = await import(bundle);
  // Every table the rules read, for data or for parameters, as `npm run publication` prints it.
  const publication = m.publicationSql(await m.loadSyncRules(rulesPath));
  log(`Rules: ${rulesPath.slice(ROOT.length + 1)}; ${publication}`);

  const dir = mkdtempSync(join(tmpdir(), 'tagbook-conformance-'));
  cleanups.push(['the temporary directory', () => rmSync(dir, { recursive: true, force: true })]);

  // PostgreSQL
  const cluster = new Cluster(dir, await freePort());
  cleanups.push(['PostgreSQL', () => cluster.stop()]);
  const pgInfo = await cluster.start(['tagbook', 'pss_storage']);
  log(`PostgreSQL ${pgInfo.version} cluster of this run on port ${cluster.port} (wal_level=${pgInfo.walLevel}${cluster.runAs ? `, as ${cluster.runAs.name}` : ''})`);
  const sourceUrl = cluster.url('tagbook');

  // Tagbook A: seeds the demo data and names the service as the sync endpoint.
  const [portA, portB, servicePort] = [await freePort(), await freePort(), await freePort()];
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const common = { DATABASE_URL: sourceUrl, SYNC_RULES: rulesPath, SHUTDOWN_GRACE_MS: '1000' };
  mkdirSync(join(dir, 'a'));
  mkdirSync(join(dir, 'b'));
  const a = await startTagbook(ROOT, 'Tagbook A', {
    ...common, PORT: String(portA), PUBLIC_URL: `http://127.0.0.1:${portA}`, POWERSYNC_URL: serviceUrl, DATA_DIR: join(dir, 'a'), SEED: '1',
  }, BACKSTOP_MS);
  cleanups.push(['Tagbook A', () => a.stop()]);
  const serverA = { url: `http://127.0.0.1:${portA}` };

  const source = new pg.Client({ connectionString: sourceUrl });
  await source.connect();
  cleanups.push(['the database connection', () => source.end()]);
  const q = async (sql, params = []) => (await source.query(sql, params)).rows;
  await q(publication);

  // The service, then Tagbook B (no POWERSYNC_URL: our engine) on the same database.
  const service = await startService({
    node: env.node, entry: env.entry, dir, port: servicePort, sourceUrl, storageUrl: cluster.url('pss_storage'), syncRulesPath: rulesPath,
    jwksUrl: `${serverA.url}/.well-known/jwks.json`, audience: serviceUrl,
  }, BACKSTOP_MS);
  cleanups.push(['the PowerSync Service', () => service.stop()]);
  const b = await startTagbook(ROOT, 'Tagbook B', {
    ...common, PORT: String(portB), PUBLIC_URL: `http://127.0.0.1:${portB}`, DATA_DIR: join(dir, 'b'), SEED: '0',
  }, BACKSTOP_MS);
  cleanups.push(['Tagbook B', () => b.stop()]);
  const serverB = { url: `http://127.0.0.1:${portB}` };
  log(`Tagbook A on port ${portA} (POWERSYNC_URL = the service on port ${servicePort}), Tagbook B on port ${portB} (its own engine), one database`);

  // The demo data this run works with.
  const vehicle = async (tag) => (await q('select v.id from vehicles v join qr_tags t on t.target_id = v.id where t.id = $1', [tag]))[0].id;
  const user = async (email) => (await q('select id from users where email = $1', [email]))[0].id;
  const ids = {
    red911: await vehicle('DEMOTAG00001'),
    bronco: await vehicle('DEMOTAG00002'),
    owner: await user(m.DEMO_ACCOUNTS.owner.email),
    worker: await user(m.DEMO_ACCOUNTS.worker.email),
    admin: await user(m.DEMO_ACCOUNTS.admin.email),
  };
  [{ id: ids.company }] = await q('select id from companies order by created_at limit 1');
  [{ id: ids.workerLink }] = await q('select id from company_employees where user_id = $1 and company_id = $2', [ids.worker, ids.company]);
  /** The tag every role receives (a public vehicle's, never changed by a step): touched after each step to sync on. */
  const SENTINEL_TAG = 'DEMOTAG00006';

  // The admin works through A like the admin area: opening the Bronco records it among the vehicles they work on.
  const adminConsole = await m.TestDevice.create(serverA);
  await adminConsole.signIn(m.DEMO_ACCOUNTS.admin.email, m.DEMO_ACCOUNTS.admin.password);
  await adminConsole.client(m.VehicleService).getVehicle({ vehicleId: ids.bronco });

  // One client per role and engine.
  const clients = {};
  const accounts = { anonymous: null, owner: m.DEMO_ACCOUNTS.owner, worker: m.DEMO_ACCOUNTS.worker, admin: m.DEMO_ACCOUNTS.admin };
  for (const role of ROLES) {
    clients[role] = {
      service: await openClient(m, { server: serverA, account: accounts[role], expectedEndpoint: serviceUrl, dir }),
      tagbook: await openClient(m, { server: serverB, account: accounts[role], expectedEndpoint: serverB.url, dir }),
    };
    for (const engine of ENGINES) cleanups.push([`the ${role} client on ${engine}`, () => clients[role][engine].close()]);
  }
  const firstSyncs = [];
  for (const role of ROLES) {
    const times = {};
    for (const engine of ENGINES) {
      let timer;
      const backstop = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${role} on ${engine}: no first sync within ${BACKSTOP_MS} ms`)), BACKSTOP_MS);
      });
      try {
        times[engine] = await Promise.race([clients[role][engine].firstSync(), backstop]);
      } finally {
        clearTimeout(timer);
      }
    }
    firstSyncs.push(`${role} ${Math.round(times.service)} / ${Math.round(times.tagbook)} ms`);
  }
  log(`First sync (service / tagbook, from connect, clients started one after another): ${firstSyncs.join(', ')}`);

  // ---- Synchronising on the data ----
  const all = ROLES.flatMap((role) => ENGINES.map((engine) => ({ role, engine, client: clients[role][engine] })));
  const one = async (db, sql, params = []) => (await db.getAll(sql, params))[0] ?? null;

  /**
   * Touches the sentinel tag (a row in the public bucket every role holds) and waits until every given client shows
   * it: both engines send a transaction only with everything committed before it, so a client showing the sentinel
   * has every earlier change too. Returns the problems (a client that never showed it) and, per engine, how long
   * after the touch its last client showed it.
   */
  async function settle(list = all) {
    const [row] = await q(
      "update qr_tags set updated_at = date_trunc('milliseconds', clock_timestamp()) where id = $1 returning updated_at",
      [SENTINEL_TAG],
    );
    const touched = performance.now();
    const want = row.updated_at.getTime();
    const problems = [];
    const ms = { service: 0, tagbook: 0 };
    await Promise.all(list.map(async ({ role, engine, client }) => {
      const ok = await waitUntil(async () => timestampMs((await one(client.db, 'select updated_at from qr_tags where id = ?', [SENTINEL_TAG]))?.updated_at) === want, BACKSTOP_MS);
      if (!ok) problems.push(`[${role}] on ${engine}: the sentinel tag's change never arrived (${BACKSTOP_MS} ms)`);
      ms[engine] = Math.max(ms[engine], performance.now() - touched);
    }));
    return { problems, ms };
  }

  /** When the current step's change was made, and when each engine's devices last showed what was waited for. */
  let stepStarted = 0;
  let seen = { service: 0, tagbook: 0 };

  /** Waits until every client of the role satisfies check(db); returns the problems. */
  async function expectOn(role, what, check) {
    const problems = [];
    await Promise.all(ENGINES.map(async (engine) => {
      const ok = await waitUntil(() => check(clients[role][engine].db), BACKSTOP_MS);
      if (!ok) problems.push(`[${role}] on ${engine}: never showed ${what} (${BACKSTOP_MS} ms)`);
      seen[engine] = Math.max(seen[engine], performance.now() - stepStarted);
    }));
    return problems;
  }

  /** Runs the waits side by side, so each engine's time is its own; returns every problem. */
  const expectAll = async (waits) => (await Promise.all(waits)).flat();

  /**
   * Waits until the writer's local changes are settled by the server; returns the problems. A refusal ends the step
   * there: what it was to show will never show.
   */
  async function uploaded(role, engine) {
    const client = clients[role][engine];
    const ok = await waitUntil(async () => (await client.pendingUploads()) === 0, BACKSTOP_MS);
    const problems = client.refusals.splice(0).map((r) => `[${role}] on ${engine}: the server refused ${r}`);
    if (!ok) problems.push(`[${role}] on ${engine}: local writes still not uploaded after ${BACKSTOP_MS} ms`);
    return problems;
  }

  const count = async (db, sql, params = []) => Number((await one(db, `select count(*) as n from (${sql})`, params)).n);
  const now = () => new Date().toISOString();
  const noteId = m.newId();
  const requestId = m.newId();
  const workId = m.newId();
  const description = `Edited for the conformance check at ${now()}`;

  const steps = [
    {
      name: 'first sync',
      async run() {
        return [];
      },
    },
    {
      name: 'the owner edits a vehicle and adds a note (device on the service, uploaded through Tagbook A)',
      async run() {
        const { db } = clients.owner.service;
        await db.writeTransaction(async (tx) => {
          await tx.execute('update vehicles set description = ?, updated_at = ? where id = ?', [description, now(), ids.red911]);
          await tx.execute(
            'insert into vehicle_notes (id, vehicle_id, user_id, body, is_public, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?)',
            [noteId, ids.red911, ids.owner, 'New tyres all round before the next track day.', now(), now()],
          );
        });
        const upload = await uploaded('owner', 'service');
        if (upload.length > 0) return upload;
        return expectAll([
          expectOn('owner', "the note with the server's author name", async (d) => (await count(d, 'select 1 from vehicle_notes where id = ? and author_name is not null', [noteId])) === 1),
          expectOn('anonymous', 'the new description', async (d) => (await count(d, 'select 1 from vehicles where id = ? and description = ?', [ids.red911, description])) === 1),
        ]);
      },
    },
    {
      name: 'the worker opens a service request with work time (device on our engine, uploaded through Tagbook B)',
      async run() {
        const { db } = clients.worker.tagbook;
        await db.writeTransaction(async (tx) => {
          await tx.execute(
            `insert into service_requests (id, vehicle_id, company_id, description, vehicle_service_status_id, created_at, updated_at)
             values (?, ?, ?, ?, ?, ?, ?)`,
            [requestId, ids.bronco, ids.company, 'Squeak from the rear axle over bumps', m.REQUEST_STATUS.REQUESTED, now(), now()],
          );
          await tx.execute(
            'insert into worktime (id, user_id, service_request_id, operation, time, created_at) values (?, ?, ?, ?, ?, ?)',
            [workId, ids.worker, requestId, m.WORK_START, now(), now()],
          );
        });
        const hasRequest = async (d) => (await count(d, 'select 1 from service_requests where id = ?', [requestId])) === 1;
        const upload = await uploaded('worker', 'tagbook');
        if (upload.length > 0) return upload;
        return expectAll([
          expectOn('worker', 'the work time', async (d) => (await count(d, 'select 1 from worktime where id = ?', [workId])) === 1),
          expectOn('owner', 'the request on their vehicle', hasRequest),
          expectOn('admin', 'the open request', hasRequest),
        ]);
      },
    },
    {
      name: 'the owner makes a public vehicle private (device on our engine, uploaded through Tagbook B)',
      async run() {
        await clients.owner.tagbook.db.execute('update vehicles set is_public = 0, updated_at = ? where id = ?', [now(), ids.red911]);
        const gone = async (d) => (await count(d, 'select 1 from vehicles where id = ?', [ids.red911])) === 0;
        const upload = await uploaded('owner', 'tagbook');
        if (upload.length > 0) return upload;
        return expectAll([
          expectOn('owner', 'the vehicle as private', async (d) => (await count(d, 'select 1 from vehicles where id = ? and is_public = 0', [ids.red911])) === 1),
          expectOn('anonymous', 'the vehicle gone', gone),
          expectOn('worker', 'the vehicle gone', gone),
        ]);
      },
    },
    {
      name: "an admin moves the owner's serviced vehicle to the worker (VehicleService.TransferOwnership through Tagbook A)",
      async run() {
        await adminConsole.client(m.VehicleService).transferOwnership({ vehicleId: ids.bronco, email: m.DEMO_ACCOUNTS.worker.email });
        const notes = (d) => count(d, 'select 1 from vehicle_notes where vehicle_id = ?', [ids.bronco]);
        return expectAll([
          expectOn('worker', "the vehicle's notes (its owner's bucket)", async (d) => (await notes(d)) > 0),
          expectOn('owner', "the vehicle's notes gone", async (d) => (await notes(d)) === 0),
        ]);
      },
    },
    {
      name: "an admin ends the worker's employee link (CompanyService.EndEmployee through Tagbook A)",
      async run() {
        await adminConsole.client(m.CompanyService).endEmployee({ linkId: ids.workerLink });
        return expectAll([
          expectOn('worker', "the company's customers gone", async (d) => (await count(d, 'select 1 from customers')) === 0),
          expectOn('admin', 'the link gone from the current ones', async (d) => (await count(d, 'select 1 from company_employees where id = ?', [ids.workerLink])) === 0),
        ]);
      },
    },
    {
      name: "the admin flag is removed (in SQL: an admin cannot revoke their own, and the demo has one admin)",
      async run() {
        await q('update users set is_admin = false where id = $1', [ids.admin]);
        return expectOn('admin', 'the flag cleared and the admin data gone', async (d) =>
          (await count(d, 'select 1 from users where id = ? and is_admin = 0', [ids.admin])) === 1 &&
          (await count(d, 'select 1 from companies')) === 0 &&
          (await count(d, 'select 1 from vehicles_info where vehicle_id = ?', [ids.bronco])) === 0);
      },
    },
  ];

  const synced = m.AppSchema.tables.filter((t) => !t.localOnly).map((t) => t.name);
  const localOnly = m.AppSchema.tables.filter((t) => t.localOnly).map((t) => t.name);
  log(`Compared: every synced table of the client schema (${synced.join(', ')}), all columns, rows by id; local-only tables (${localOnly.join(', ')}) never sync`);
  log('Each difference: [role] table id column: service <value> | tagbook <value>');
  if (!REPEAT) log('After the first sync, a step prints the differences that are new or changed (CONFORMANCE_REPEAT=1: all of them)');

  const summary = [];
  let failed = false;
  /** The previous step's differences by role, table, id and column: a step prints what is new or changed since. */
  let previous = new Map();
  const key = ({ role, d }) => `${role}\u0000${d.table}\u0000${d.id}\u0000${d.column ?? '*'}`;
  const sameDifference = (x, y) => x.d.kind === y.d.kind && JSON.stringify([x.d.left, x.d.right]) === JSON.stringify([y.d.left, y.d.right]);
  for (const [index, step] of steps.entries()) {
    log('');
    log(`== ${index}. ${step.name}`);
    stepStarted = performance.now();
    seen = { service: 0, tagbook: 0 };
    const problems = await step.run();
    problems.push(...(await settle()).problems);
    const differences = [];
    const held = [];
    for (const role of ROLES) {
      const left = await dump(clients[role].service.db, synced);
      const right = await dump(clients[role].tagbook.db, synced);
      for (const d of diff(left, right)) differences.push({ role, d });
      const rows = (tables) => [...tables.values()].reduce((n, t) => n + t.size, 0);
      held.push(`${role} ${rows(left)}/${rows(right)}`);
    }
    for (const p of problems) log(`  PROBLEM ${p}`);
    const current = new Map(differences.map((x) => [key(x), x]));
    const fresh = REPEAT ? differences : differences.filter((x) => !previous.has(key(x)) || !sameDifference(previous.get(key(x)), x));
    // What the data says first; the same instants written in another format after.
    const ordered = [...fresh.filter((x) => x.d.kind !== 'format'), ...fresh.filter((x) => x.d.kind === 'format')];
    for (const { role, d } of ordered) log(`  ${formatDifference(role, d, NAMES)}`);
    if (!REPEAT) {
      // Gone (the row left both devices) or now equal, one line per row.
      const resolved = new Map();
      for (const [k, { role, d }] of previous) {
        if (current.has(k)) continue;
        const row = `[${role}] ${d.table} ${d.id}`;
        resolved.set(row, [...(resolved.get(row) ?? []), d.column ?? '(the row)']);
      }
      for (const [row, columns] of resolved) log(`  no longer different: ${row} ${columns.join(', ')}`);
      const kept = differences.length - fresh.length;
      if (kept > 0) log(`  …and ${kept} difference(s) exactly as after the previous step, not repeated`);
    }
    previous = current;
    const perRole = ROLES.map((role) => `${role} ${countLine(differences.filter((x) => x.role === role).map((x) => x.d))}`).join('; ');
    const line = differences.length === 0 && problems.length === 0
      ? 'same'
      : `${countLine(differences.map((x) => x.d))}${problems.length ? `, ${problems.length} problem(s)` : ''} — ${perRole}`;
    if (line !== 'same') failed = true;
    log(`   rows held (service/tagbook): ${held.join(', ')}`);
    if (index > 0) log(`   the change showed on the devices waited for: service ${Math.round(seen.service)} ms, tagbook ${Math.round(seen.tagbook)} ms after it was made`);
    log(`-- ${index}. ${step.name}: ${line}`);
    summary.push(`${index}. ${step.name}: ${line}`);
  }

  let fleetFigures = [];
  if (FLEET_SIZE > 0) {
    log('');
    log(`Fleet steps (CONFORMANCE_FLEET: ${FLEET_SIZE.toLocaleString('en-US')} vehicles): the owner's, worker's and admin's devices above are closed,`);
    log('the anonymous ones stay; each role signs in again on both engines after its data is in. Per role: rows per table');
    log('(service/tagbook) and whether a digest of every row of each table is the same; differences printed as above.');
    for (const role of ['owner', 'worker', 'admin']) for (const engine of ENGINES) await clients[role][engine].close();
    const fleet = await runFleet({
      m, q, log, ids, dir, cleanups,
      size: FLEET_SIZE,
      backstopMs: BACKSTOP_MS,
      firstIndex: steps.length,
      servers: { service: serverA, tagbook: serverB },
      endpoints: { service: serviceUrl, tagbook: serverB.url },
      anonymous: clients.anonymous,
      settle,
      serviceCli: { node: env.node, entry: env.entry, configPath: service.configPath, cwd: dir },
      tagbookCli: { root: ROOT, env: { ...common, DATA_DIR: join(dir, 'b'), SEED: '0' } },
    });
    summary.push(...fleet.summary);
    failed ||= fleet.failed;
    fleetFigures = fleet.figures;
  }

  log('');
  log('Summary');
  for (const line of summary) log(`  ${line}`);
  if (fleetFigures.length > 0) {
    log('Fleet figures');
    for (const line of fleetFigures) log(`  ${line}`);
  }
  if (FLEET_SIZE === 0) log('Fleet steps: not run (CONFORMANCE_FLEET=1 adds them: 10,000 vehicles per fleet, about 3 minutes more)');
  log(`Run time: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
  log(failed ? 'RESULT: the engines differ' : 'RESULT: no difference');
  return failed ? 1 : 0;
}

let status = 2;
try {
  status = await main();
} catch (err) {
  // Once interrupted, what was running fails as its clients close under it: nothing to report.
  if (!interrupted) console.error(`conformance: ${err.stack ?? err}`);
} finally {
  await cleanUp();
}
process.exit(status);
