// The conformance check at the scale of issue 28: an owner with a fleet, a shop servicing a fleet of customers'
// vehicles, an admin over all of it, and a public list churned through, on both engines, compared the same way as
// the steps before (every table, every row), counted per table with a digest of its rows, differences printed when
// there are some. Also what each engine sends a new anonymous device before and after compaction.
//
// The data is inserted in SQL, sync triggers on (the way bench/fleet-sync.mjs does it): the scope columns the rules
// read (owner_id, watcher_ids, company_ids, is_latest) are the triggers' work, as for any write.
import { join } from 'node:path';
import { openClient } from './clients.mjs';
import { compareAtScale, dump } from './compare.mjs';
import { runToEnd } from './processes.mjs';
import { wireFirstSync } from './stream.mjs';

const ENGINES = ['service', 'tagbook'];
const NAMES = { left: 'service', right: 'tagbook' };

const n = (value) => Math.round(value).toLocaleString('en-US');
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes) => `${(bytes / 1024).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`;

/**
 * @param ctx.m the bundled project modules; ctx.q runs SQL on Tagbook's database; ctx.log prints a line
 * @param ctx.servers {service, tagbook}: the Tagbook server a device of each engine signs in and uploads through
 * @param ctx.endpoints {service, tagbook}: the sync endpoint each should be told
 * @param ctx.anonymous the anonymous visitor's clients, open since the first step
 * @param ctx.settle(clients) touches the sentinel tag and waits for every given client: {problems, ms}
 * @param ctx.serviceCli {node, entry, configPath, cwd}: the service's CLI and configuration
 * @param ctx.tagbookCli {root, env}: Tagbook's built server and the environment its --compact needs
 * @returns {summary, figures, failed}
 */
export async function runFleet(ctx) {
  const { m, q, log, servers, endpoints, ids, size, backstopMs, cleanups } = ctx;
  const churn = Math.min(1000, size);
  const watched = Math.min(100, size);
  const open = { anonymous: ctx.anonymous };
  /** Per role signed in by these steps: its first sync's figures, and the rows it then held on each engine. */
  const firstSyncs = {};
  const heldAtFirstSync = {};
  const summary = [];
  const figures = [];
  let failed = false;
  let index = ctx.firstIndex;
  const synced = m.AppSchema.tables.filter((t) => !t.localOnly).map((t) => t.name);
  const everyClient = () => Object.entries(open).flatMap(([role, pair]) => ENGINES.map((engine) => ({ role, engine, client: pair[engine] })));

  /** A role's devices, the service's first and then ours, each timed to its first complete checkpoint alone. */
  async function openRole(role, account) {
    const pair = {};
    const problems = [];
    const lines = [];
    const times = {};
    for (const engine of ENGINES) {
      const client = await openClient(m, { server: servers[engine], account, expectedEndpoint: endpoints[engine], dir: ctx.dir });
      pair[engine] = client;
      cleanups.push([`the fleet ${role} client on ${engine}`, () => client.close()]);
      let timer;
      const backstop = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no first sync within ${backstopMs} ms`)), backstopMs);
      });
      try {
        times[engine] = await Promise.race([client.firstSync(), backstop]);
      } catch (err) {
        problems.push(`[${role}] on ${engine}: ${err.message}`);
      } finally {
        clearTimeout(timer);
      }
    }
    open[role] = pair;
    const buckets = {};
    for (const engine of ENGINES) buckets[engine] = (await pair[engine].buckets()).length;
    const refusals = ENGINES.flatMap((engine) => pair[engine].downloadErrors.map((e) => `${engine}: ${e}`));
    const time = (engine) => (times[engine] === undefined ? 'none' : `${n(times[engine])} ms`);
    lines.push(`[${role}] first sync (from connect to the first complete checkpoint, one device at a time): service ${time('service')}, tagbook ${time('tagbook')}`);
    lines.push(`[${role}] buckets held: service ${buckets.service}, tagbook ${buckets.tagbook}; ${refusals.length === 0 ? 'neither engine refused or broke the connection' : `errors seen: ${refusals.join('; ')}`}`);
    for (const r of refusals) problems.push(`[${role}] ${r}`);
    firstSyncs[role] = `first sync service ${time('service')} / tagbook ${time('tagbook')}, buckets ${buckets.service} / ${buckets.tagbook}`;
    return { problems, lines, times };
  }

  /** What a new anonymous device is sent by each engine: bytes, ops, buckets and time, off the wire. */
  async function anonymousFirstSync() {
    const out = {};
    for (const engine of ENGINES) {
      const device = await m.TestDevice.create(servers[engine]);
      const auth = await device.client(m.AuthService).getPowerSyncAuth({});
      out[engine] = await wireFirstSync(auth.powersyncUrl || servers[engine].url, auth.token, backstopMs);
    }
    return out;
  }
  const kinds = (counts) => Object.entries(counts).sort().map(([kind, count]) => `${n(count)} ${kind}`).join(', ');
  const wireLine = (w) => `${kb(w.bytes)}, ${n(w.ops)} ops (${kinds(w.kinds)}), ${n(w.ms)} ms`;

  /** Our engine's public bucket as its oplog holds it: its ops by kind, and up to which op it was last compacted. */
  async function ourPublicBucket() {
    const rows = await q("select op, count(*)::int as n from sync_oplog where bucket = 'public[]' group by op");
    const [bucket] = await q("select compacted_op from sync_buckets where bucket = 'public[]'");
    return { ops: Object.fromEntries(rows.map((r) => [r.op, r.n])), compactedOp: Number(bucket?.compacted_op ?? 0) };
  }
  const total = (bucket) => Object.values(bucket.ops).reduce((a, b) => a + b, 0);

  /** Compares every open role's tables on both engines; prints and returns the step's result line. */
  async function step(name, run) {
    log('');
    log(`== ${index}. ${name}`);
    const started = performance.now();
    let problems = [];
    let lines = [];
    try {
      ({ problems = [], lines = [] } = await run());
    } catch (err) {
      problems = [`the step could not finish: ${err.message}`];
    }
    for (const line of lines) log(`   ${line}`);
    for (const p of problems) log(`  PROBLEM ${p}`);
    let differences = 0;
    let unequal = 0;
    const held = [];
    const perRole = [];
    for (const [role, pair] of Object.entries(open)) {
      const result = compareAtScale(role, await dump(pair.service.db, synced), await dump(pair.tagbook.db, synced), NAMES);
      for (const line of result.lines) log(`   ${line}`);
      differences += result.differences.length;
      unequal += result.unequal.length;
      held.push(`${role} ${result.held}`);
      if (firstSyncs[role] && !heldAtFirstSync[role]) heldAtFirstSync[role] = result.held;
      if (result.unequal.length > 0) perRole.push(`${role}: ${result.unequal.join(', ')}`);
    }
    log(`   rows held (service/tagbook): ${held.join(', ')}`);
    const line = differences === 0 && unequal === 0 && problems.length === 0
      ? 'same'
      : `${unequal} table(s) differ, ${differences} difference(s)${problems.length ? `, ${problems.length} problem(s)` : ''}${perRole.length ? ` — ${perRole.join('; ')}` : ''}`;
    if (line !== 'same') failed = true;
    log(`-- ${index}. ${name}: ${line} (${s(performance.now() - started)})`);
    summary.push(`${index}. ${name}: ${line}`);
    index++;
  }

  /** Runs statements one after another; resolves with the milliseconds they took together. */
  async function timed(statements) {
    const started = performance.now();
    for (const [sql, params] of statements) await q(sql, params);
    return performance.now() - started;
  }

  /** Waits for every open device to show the sentinel's change: each engine has replicated all before it. */
  async function replicatedLine(what) {
    const { problems, ms } = await ctx.settle(everyClient());
    return { problems, line: `${what}; the devices already open showed the next change ${n(ms.service)} ms (service), ${n(ms.tagbook)} ms (tagbook) after it was made` };
  }

  const fleetId = (i) => `'fleet' || lpad((${i})::text, 17, '0')`;

  // 1. An owner's fleet.
  await step(`the owner gets ${n(size)} more vehicles, each with its Info and a tag (in SQL), and syncs on both engines`, async () => {
    const ms = await timed([
      [`insert into vehicles (id, name, description, category, vin, is_public, user_id)
        select ${fleetId('i')}, 'Fleet van ' || i, 'A vehicle of the fleet', i % 7, 'WP0AB2A9XKS1' || lpad(i::text, 5, '0'), false, $1
          from generate_series(1, $2::int) as i`, [ids.owner, size]],
      [`insert into vehicles_info (id, vehicle_id, make, model, year, license_plate)
        select 'fi' || lpad(i::text, 18, '0'), ${fleetId('i')}, 'Ford', 'Transit', 2020 + i % 6, 'FL' || i
          from generate_series(1, $1::int) as i`, [size]],
      [`insert into qr_tags (id, target_id, target_path)
        select 'FLEET' || lpad(i::text, 7, '0'), ${fleetId('i')}, '/vehicle' from generate_series(1, $1::int) as i`, [size]],
    ]);
    const replicated = await replicatedLine(`inserted ${n(3 * size)} rows in ${s(ms)}`);
    const signedIn = await openRole('owner', m.DEMO_ACCOUNTS.owner);
    return { problems: [...replicated.problems, ...signedIn.problems], lines: [replicated.line, ...signedIn.lines] };
  });

  // 2. A shop servicing a fleet of customers' vehicles.
  const shop = m.newId();
  await step(`a shop with ${n(size)} customer vehicles, each with a service request for it (in SQL); its worker syncs on both engines`, async () => {
    const link = m.newId();
    const customer = (i) => `'customer' || lpad((${i})::text, 14, '0')`;
    const shopVehicle = (i) => `'shop' || lpad((${i})::text, 18, '0')`;
    const ms = await timed([
      ["insert into companies (id, name, short_info) values ($1, 'Fleet Service', 'Services a fleet of customer vehicles')", [shop]],
      [`insert into company_employees (id, user_id, company_id, type, start_date)
        values ($1, $2, $3, 'worker', now() - interval '1 day')`, [link, ids.worker, shop]],
      [`insert into users (id, display_name, email, username_digest)
        select ${customer('i')}, 'Customer ' || i, 'customer' || i || '@fleet.example', encode(sha256(('customer' || i)::bytea), 'hex')
          from generate_series(1, $1::int) as i`, [size]],
      [`insert into customers (id, name, email, company_id)
        select 'cu' || lpad(i::text, 18, '0'), 'Customer ' || i, 'customer' || i || '@fleet.example', $1
          from generate_series(1, $2::int) as i`, [shop, size]],
      [`insert into vehicles (id, name, description, category, vin, is_public, user_id)
        select ${shopVehicle('i')}, 'Customer car ' || i, 'A customer''s car', i % 7, 'JT2AE92E0K3' || lpad(i::text, 6, '0'), false, ${customer('i')}
          from generate_series(1, $1::int) as i`, [size]],
      [`insert into vehicles_info (id, vehicle_id, vin, make, model, year, license_plate, customer_id)
        select 'si' || lpad(i::text, 18, '0'), ${shopVehicle('i')}, 'JT2AE92E0K3' || lpad(i::text, 6, '0'), 'Toyota', 'Corolla',
               2010 + i % 15, 'SH' || i, 'cu' || lpad(i::text, 18, '0')
          from generate_series(1, $1::int) as i`, [size]],
      [`insert into service_requests (id, vehicle_id, company_id, description, vehicle_service_status_id, user_id)
        select 'request' || lpad(i::text, 15, '0'), ${shopVehicle('i')}, $1, 'Annual service', $2, ${customer('i')}
          from generate_series(1, $3::int) as i`, [shop, m.REQUEST_STATUS.REQUESTED, size]],
    ]);
    const replicated = await replicatedLine(`a company, the worker's link to it, ${n(size)} customers (users and the company's customer rows), their vehicles with Info and a request each: ${n(5 * size + 2)} rows in ${s(ms)}`);
    const signedIn = await openRole('worker', m.DEMO_ACCOUNTS.worker);
    return { problems: [...replicated.problems, ...signedIn.problems], lines: [replicated.line, ...signedIn.lines] };
  });

  // 3. An admin over all of it, watching some of the fleet.
  await step(`the admin (flag set again) watches ${n(watched)} of the owner's fleet vehicles (admin_vehicle_watch, in SQL) and syncs on both engines`, async () => {
    const ms = await timed([
      ['update users set is_admin = true where id = $1', [ids.admin]],
      // As server/admin/watch.ts records a vehicle the admin opened.
      [`insert into admin_vehicle_watch (id, user_id, vehicle_id)
        select $1 || ':' || id, $1, id from vehicles where id like 'fleet%' order by id limit $2`, [ids.admin, watched]],
    ]);
    const replicated = await replicatedLine(`flag set and ${n(watched)} watches recorded in ${s(ms)} (the triggers carry watcher_ids to each watched vehicle's records)`);
    const signedIn = await openRole('admin', m.DEMO_ACCOUNTS.admin);
    return { problems: [...replicated.problems, ...signedIn.problems], lines: [replicated.line, ...signedIn.lines] };
  });

  // 4. Churn through the public list, then compaction.
  const wire = {};
  await step(`${n(churn)} of the owner's fleet vehicles made public one at a time, then private again newest first (in SQL; the open devices follow)`, async () => {
    const lines = [];
    wire.before = await anonymousFirstSync();
    wire.beforeOurs = await ourPublicBucket();
    lines.push(`a new anonymous device's first sync before: service ${wireLine(wire.before.service)}; tagbook ${wireLine(wire.before.tagbook)}`);
    const vehicles = (await q(`select id from vehicles where id like 'fleet%' order by id limit $1`, [churn])).map((r) => r.id);
    const started = performance.now();
    for (const id of vehicles) await q('update vehicles set is_public = true where id = $1', [id]);
    for (const id of vehicles.reverse()) await q('update vehicles set is_public = false where id = $1', [id]);
    const ms = performance.now() - started;
    const { problems, ms: shown } = await ctx.settle(everyClient());
    lines.push(`${n(2 * churn)} transactions in ${s(ms)}; every open device showed the next change ${n(shown.service)} ms (service), ${n(shown.tagbook)} ms (tagbook) after it was made`);
    wire.after = await anonymousFirstSync();
    wire.afterOurs = await ourPublicBucket();
    lines.push(`a new anonymous device's first sync after: service ${wireLine(wire.after.service)}; tagbook ${wireLine(wire.after.tagbook)} (our public bucket: ${n(total(wire.afterOurs))} ops; ${wire.afterOurs.compactedOp > wire.beforeOurs.compactedOp ? 'the engine compacted it during the churn, on its own' : 'the engine did not compact it during the churn'})`);
    return { problems, lines };
  });

  await step('compaction: the service\'s CLI `compact`, and `npm run compact` on ours; the open devices carry on', async () => {
    const lines = [];
    const cli = ctx.serviceCli;
    const serviceRun = await runToEnd('the service\'s compact', cli.node, [cli.entry, 'compact', '-c', cli.configPath], {
      cwd: cli.cwd, env: { ...process.env, NODE_ENV: 'production' },
    }, backstopMs);
    lines.push(`service: \`node service/lib/entry.js compact -c <its configuration>\` took ${s(serviceRun.ms)}`);
    const ours = await runToEnd('Tagbook --compact', process.execPath, [join(ctx.tagbookCli.root, 'dist', 'server', 'main.js'), '--compact'], {
      cwd: ctx.tagbookCli.root, env: { ...process.env, ...ctx.tagbookCli.env },
    }, backstopMs);
    const report = /Sync oplog compacted: .*/.exec(ours.output)?.[0] ?? ours.output.trim().split('\n').at(-1);
    lines.push(`tagbook: \`node dist/server/main.js --compact\` (what npm run compact runs after building) took ${s(ours.ms)}: ${report}`);
    // A new checkpoint, so neither engine answers from what it read before compacting.
    const { problems, ms: shown } = await ctx.settle(everyClient());
    lines.push(`every open device showed the next change ${n(shown.service)} ms (service), ${n(shown.tagbook)} ms (tagbook) after it was made`);
    wire.compacted = await anonymousFirstSync();
    wire.compactedOurs = await ourPublicBucket();
    lines.push(`a new anonymous device's first sync after compaction: service ${wireLine(wire.compacted.service)}; tagbook ${wireLine(wire.compacted.tagbook)}`);
    return { problems, lines };
  });

  for (const [role, line] of Object.entries(firstSyncs)) figures.push(`${role}: ${line}, rows held ${heldAtFirstSync[role]} (service/tagbook)`);
  if (wire.compacted) {
    const rows = [
      ['before the churn', wire.before],
      [`after ${n(churn)} vehicles public and private again`, wire.after],
      ['after compaction', wire.compacted],
    ];
    const width = Math.max(...rows.map(([what]) => what.length));
    const serviceWidth = Math.max(...rows.map(([, w]) => wireLine(w.service).length));
    figures.push(`a new anonymous device's first sync (the response, uncompressed, up to its first complete checkpoint):`);
    for (const [what, w] of rows) figures.push(`  ${what.padEnd(width)}  service ${wireLine(w.service).padEnd(serviceWidth)}  tagbook ${wireLine(w.tagbook)}`);
    figures.push(`  our public bucket's ops: ${n(total(wire.beforeOurs))} before the churn, ${n(total(wire.afterOurs))} after it (${wire.afterOurs.compactedOp > wire.beforeOurs.compactedOp ? 'compacted on its own meanwhile' : 'not compacted meanwhile'}), ${n(total(wire.compactedOurs))} after npm run compact (${kinds(wire.compactedOurs.ops)})`);
  }
  return { summary, figures, failed };
}
