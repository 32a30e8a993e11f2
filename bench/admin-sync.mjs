// An admin device's initial sync at scale: 100,000 users, 100,000 vehicles (with info and a tag each), 20,000
// customers in 50 companies, 20,000 service requests (12,000 of them open, 4,000 started with a running clock), two
// current employees per company, and the admin's 100 most recently opened vehicles (admin_vehicle_watch, its cap),
// written with the sync triggers on and replicated by the built server, then one first sync of the admin read at the
// socket, compressed as browsers and the SDKs accept it and uncompressed. Budget: under 5 MB.
//   npm run build && node bench/admin-sync.mjs
import { randomBytes } from 'node:crypto';
import { replicated, report, requireServerBuild, scratchDatabase, startServer, tokenSigner, wireFirstSync } from './sync-lib.mjs';

requireServerBuild();
const BUDGET_BYTES = 5 * 1024 * 1024;
const N = { users: 100_000, vehicles: 100_000, customers: 20_000, companies: 50, requests: 20_000, watched: 100 };
const ADMIN = 'benchadmin000000000000';
const id = (prefix, i) => `'${prefix}' || lpad((${i})::text, 21, '0')`;

const database = await scratchDatabase();
const server = await startServer(database.url);
try {
  const { pool } = database;
  const t0 = performance.now();
  await pool.query(`insert into users (id, display_name, email, username_digest, is_admin)
    values ('${ADMIN}', 'Bench Admin', 'bench.admin@example.com', '${randomBytes(32).toString('hex')}', true)`);
  await pool.query(`insert into users (id, display_name, email, username_digest)
    select ${id('u', 'i')}, 'Person ' || i, 'person' || i || '@example.com', md5(i::text) || md5((i + 1)::text)
      from generate_series(1, ${N.users}) i`);
  await pool.query(`insert into companies (id, name) select ${id('c', 'i')}, 'Shop ' || i from generate_series(1, ${N.companies}) i`);
  await pool.query(`insert into company_employees (id, user_id, company_id, type, start_date)
    select ${id('e', 'i')}, ${id('u', 'i')}, ${id('c', `1 + i % ${N.companies}`)}, 'worker', now() - interval '1 day'
      from generate_series(1, ${2 * N.companies}) i`);
  await pool.query(`insert into customers (id, name, email, phone, company_id)
    select ${id('k', 'i')}, 'Customer ' || i, 'customer' || i || '@example.com', '+1 555 ' || i, ${id('c', `1 + i % ${N.companies}`)}
      from generate_series(1, ${N.customers}) i`);
  await pool.query(`insert into vehicles (id, name, user_id, is_public)
    select ${id('v', 'i')}, 'Vehicle ' || i, ${id('u', `1 + i % ${N.users}`)}, i % 3 = 0 from generate_series(1, ${N.vehicles}) i`);
  await pool.query(`insert into vehicles_info (id, vehicle_id, vin, make, model, year, license_plate)
    select ${id('i', 'i')}, ${id('v', 'i')}, 'VIN' || lpad(i::text, 14, '0'), 'Make', 'Model', 2000 + i % 25, 'PL-' || i
      from generate_series(1, ${N.vehicles}) i`);
  await pool.query(`insert into qr_tags (id, target_id, target_path)
    select 'TAG' || lpad(i::text, 9, '0'), ${id('v', 'i')}, '/vehicle' from generate_series(1, ${N.vehicles}) i`);
  // Statuses 1-5 in turn: requested, scheduled and started are open (3 in 5); every started one has a running clock,
  // assigned to one of its company's two employees.
  await pool.query(`insert into service_requests (id, description, vehicle_id, company_id, vehicle_service_status_id, has_started, assigned_user_id)
    select ${id('r', 'i')}, 'Request ' || i || ': brake pads, rotors and a fluid flush', ${id('v', `1 + (i * 5) % ${N.vehicles}`)},
           ${id('c', `1 + i % ${N.companies}`)}, 1 + i % 5, 1 + i % 5 = 3, ${id('u', `1 + i % ${N.companies}`)}
      from generate_series(1, ${N.requests}) i`);
  await pool.query(`insert into worktime (id, user_id, service_request_id, operation, time)
    select ${id('w', 'i')}, ${id('u', `1 + i % ${N.companies}`)}, ${id('r', 'i')}, 1, now() - interval '1 hour'
      from generate_series(1, ${N.requests}) i where 1 + i % 5 = 3`);
  await pool.query(`insert into admin_vehicle_watch (id, user_id, vehicle_id)
    select ${id('a', 'i')}, '${ADMIN}', ${id('v', 'i * 997')} from generate_series(1, ${N.watched}) i`);
  const written = performance.now();
  await replicated(pool);
  const done = performance.now();
  const { rows } = await pool.query(`select (select count(*) from service_requests where is_open)::int as open,
    (select count(*) from worktime where request_open)::int as clocks`);
  console.log(`written in ${((written - t0) / 1000).toFixed(1)} s, replicated in ${((done - written) / 1000).toFixed(1)} s; ` +
    `${rows[0].open} open requests, ${rows[0].clocks} work-time rows of open requests`);

  const sign = await tokenSigner(server.url, pool);
  const gzip = await wireFirstSync(server.url, await sign(ADMIN));
  const plain = await wireFirstSync(server.url, await sign(ADMIN), { acceptEncoding: '' });
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  console.log(`admin first sync: ${gzip.ops} ops; ${mb(plain.wireBytes)} uncompressed in ${Math.round(plain.ms)} ms`);
  report('admin device initial sync on the wire (gzip)', `${mb(gzip.wireBytes)} in ${Math.round(gzip.ms)} ms`, `< ${mb(BUDGET_BYTES)}`, gzip.wireBytes < BUDGET_BYTES);
  if (gzip.wireBytes >= BUDGET_BYTES) process.exitCode = 1;
} finally {
  await server.stop();
  await database.drop();
}
