// Admin lists and the Vehicle Finder at scale: 100,000 vehicles (with info and a tag each), 100,000 users and 20,000
// customers seeded into a fresh PostgreSQL database, then each list's server-side query timed (p95 of 40 runs after
// warm-up) beside the 100 ms budget. The queries are the server's own modules, bundled with esbuild.
// Needs PostgreSQL (TEST_DATABASE_URL or the local trust-auth server). Usage: node bench/admin-lists.mjs
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = join(import.meta.dirname, '..');
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const BUDGET_MS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const N = { vehicles: 100_000, users: 100_000, customers: 20_000, requests: 20_000 };

const out = join(ROOT, '.tmp', 'bench-admin-lists.mjs');
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
await build({ entryPoints: [join(ROOT, 'bench', 'admin-lists-entry.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: out, logLevel: 'warning' });
const m = await import(out);

const name = `tagbook_bench_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const db = await m.openPostgres(url.toString());
try {
  await m.migrate(db);
  const t0 = performance.now();
  // Seeded on one connection with triggers off (superuser; no sync change log, no derived columns needed here):
  // the lists read plain columns, and row-by-row triggers would make seeding take many minutes.
  const seed = new pg.Client({ connectionString: url.toString() });
  await seed.connect();
  await seed.query('set session_replication_role = replica');
  const dbSeed = { query: (sql) => seed.query(sql) };
  await dbSeed.query(`insert into users (id, display_name, email, username_digest, created_at)
    select 'u' || lpad(i::text, 21, '0'), 'Person ' || i, 'person' || i || '@example.com', md5(i::text) || md5((i + 1)::text),
           now() - (i || ' seconds')::interval from generate_series(1, ${N.users}) i`);
  await dbSeed.query(`insert into companies (id, name) select 'c' || lpad(i::text, 21, '0'), 'Shop ' || i from generate_series(1, 50) i`);
  await dbSeed.query(`insert into customers (id, name, email, phone, company_id)
    select 'k' || lpad(i::text, 21, '0'), 'Customer ' || i, 'customer' || i || '@example.com', '+1 555 ' || i,
           'c' || lpad((1 + i % 50)::text, 21, '0') from generate_series(1, ${N.customers}) i`);
  await dbSeed.query(`insert into vehicles (id, name, user_id, is_public, created_at)
    select 'v' || lpad(i::text, 21, '0'), 'Vehicle ' || i || ' ' || (array['Bronco','Miata','Civic','911','Camper'])[1 + i % 5],
           'u' || lpad((1 + i % ${N.users})::text, 21, '0'), i % 3 = 0, now() - (i || ' seconds')::interval
      from generate_series(1, ${N.vehicles}) i`);
  await dbSeed.query(`insert into vehicles_info (id, vehicle_id, vin, make, model, year, license_plate, customer_id)
    select 'i' || lpad(i::text, 21, '0'), 'v' || lpad(i::text, 21, '0'), 'VIN' || lpad(i::text, 14, '0'), 'Make', 'Model', 2000 + i % 25,
           'PL-' || i, case when i % 5 = 0 then 'k' || lpad((1 + i % ${N.customers})::text, 21, '0') end
      from generate_series(1, ${N.vehicles}) i`);
  await dbSeed.query(`insert into qr_tags (id, target_id, target_path) select 'TAG' || lpad(i::text, 9, '0'), 'v' || lpad(i::text, 21, '0'), '/vehicle'
      from generate_series(1, ${N.vehicles}) i`);
  await dbSeed.query(`insert into service_requests (id, description, vehicle_id, company_id, vehicle_service_status_id, is_open, created_at)
    select 'r' || lpad(i::text, 21, '0'), 'Request ' || i, 'v' || lpad((1 + (i * 5) % ${N.vehicles})::text, 21, '0'), 'c' || lpad((1 + i % 50)::text, 21, '0'),
           1 + i % 5, (1 + i % 5) < 4, now() - (i || ' minutes')::interval from generate_series(1, ${N.requests}) i`);
  await seed.end();
  // Index-only counts need the visibility map, as autovacuum keeps it on a live server.
  await db.query('vacuum analyze');
  console.log(`seeded ${N.vehicles} vehicles (+ info, tags), ${N.users} users, ${N.customers} customers, ${N.requests} requests in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const deepUsers = (await m.listUsers(db, '', 50, '')).next;
  const deepVehicles = (await m.listVehicles(db, 50, '')).next;
  const req = (fields) => m.create(m.ListRequestsRequestSchema, fields);
  const cases = {
    'dashboard': () => m.dashboard(db, 0),
    'users: first page': () => m.listUsers(db, '', 50, ''),
    'users: next page': () => m.listUsers(db, '', 50, deepUsers),
    'users: search name part': () => m.listUsers(db, 'son 4242', 50, ''),
    'users: search email start': () => m.listUsers(db, 'person777', 50, ''),
    'vehicles: first page': () => m.listVehicles(db, 50, ''),
    'vehicles: next page': () => m.listVehicles(db, 50, deepVehicles),
    'finder: whole VIN': () => m.findVehicles(db, 'vin 0000 0000 12345'),
    'finder: last 8 of VIN': () => m.findVehicles(db, '00054321'),
    'finder: plate': () => m.findVehicles(db, 'pl 9876'),
    'finder: name part': () => m.findVehicles(db, 'cle 4321 mia'),
    'finder: tag hash': () => m.findVehicles(db, 'tag000031337'),
    'finder: owner email': () => m.findVehicles(db, 'PERSON123@example.com'),
    'customers: all, by name': () => m.listCustomers(db, { companyId: null, query: '', includeDeleted: false, limit: 50, cursor: '' }),
    'customers: one company': () => m.listCustomers(db, { companyId: 'c' + '7'.padStart(21, '0'), query: '', includeDeleted: false, limit: 50, cursor: '' }),
    'customers: search': () => m.listCustomers(db, { companyId: null, query: 'customer1999', includeDeleted: false, limit: 50, cursor: '' }),
    'requests: all': () => m.listRequests(db, req({}), 50),
    'requests: started, one company': () => m.listRequests(db, req({ statuses: [3], companyId: 'c' + '3'.padStart(21, '0') }), 50),
  };
  const rows = [];
  for (const [label, run] of Object.entries(cases)) {
    for (let i = 0; i < 5; i++) await run();
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.ceil(0.95 * times.length) - 1];
    rows.push({ label, p95, ok: p95 <= BUDGET_MS });
    console.log(`${label.padEnd(34)} p95 ${p95.toFixed(1).padStart(6)} ms   (budget ${BUDGET_MS} ms) ${p95 <= BUDGET_MS ? 'ok' : 'OVER'}`);
  }
  const [{ size }] = await db.query(`select pg_size_pretty(pg_database_size(current_database())) as size`);
  console.log(`database size ${size}; worst p95 ${Math.max(...rows.map((r) => r.p95)).toFixed(1)} ms (budget ${BUDGET_MS} ms)`);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
} finally {
  await db.close();
  // BENCH_KEEP=1 keeps the seeded database for EXPLAIN (its name is printed).
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
