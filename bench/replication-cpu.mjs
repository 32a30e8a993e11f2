// The server's CPU per replicated row, in one process and without the database: parsing the logged row, converting
// it, evaluating the rules, planning the batch and encoding its COPY blocks (bench/replication-cpu-entry.ts). It is
// Node's share of bench/replication.mjs's figure, the part that decides the rate once PostgreSQL overlaps with it.
// Not budgeted: it is for comparing changes to that code, run alternately with the build before
// (BENCH_SERVER_ROOT=<another checkout> replays that checkout's code).
//   node bench/replication-cpu.mjs [rows]    CPU µs per row, median of 7 replays after one to warm up
// The rows are bulk-inserted public vehicles (each lands in two buckets), logged by the real capture trigger.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { allPublicRules, percentile, ROOT } from './sync-lib.mjs';

const ROWS = Number(process.argv[2]) || 20_000;
const source = process.env.BENCH_SERVER_ROOT || ROOT;
const bundle = join(ROOT, '.tmp', 'bench-replication-cpu.mjs');
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
await build({
  entryPoints: [join(source, 'bench', 'replication-cpu-entry.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: bundle,
  logLevel: 'warning',
});
const m = await import(bundle);
const rules = allPublicRules();
const { logged, types } = await m.loggedVehicles(ROWS);
await m.replay(logged, types, rules); // warm-up: the JIT compiles the hot path
const perRow = [];
for (let round = 0; round < 7; round++) perRow.push((await m.replay(logged, types, rules)) / ROWS);
perRow.sort((a, b) => a - b);
console.log(`replay of ${ROWS} logged vehicles: ${percentile(perRow, 50).toFixed(1)} µs of CPU per row (median of 7; min ${perRow[0].toFixed(1)})`);
