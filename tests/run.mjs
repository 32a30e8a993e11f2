// `npm test`: builds once, then runs the unit, server and browser suites in turn, each with its runner's summary,
// and closes with one line for all of them. A missing browser or PostgreSQL fails the run; it is never skipped,
// unless PostgreSQL is opted out (TAGBOOK_TEST_POSTGRES=skip), which the closing lines then say.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath } from './helpers/chromium-path.mjs';
import { postgresOptedOut, postgresSummary } from './helpers/postgres-required.mjs';

const root = join(import.meta.dirname, '..');
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2);
const suites = ['unit', 'server', 'e2e'].filter((s) => only.length === 0 || only.includes(s));

function run(cmd, args) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
}

const browser = chromiumPath();
let passed = 0;
let failed = 0;
const problems = [];
const notes = [];

try {
  postgresOptedOut(process.env);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

if (run(process.execPath, ['build.mjs']) !== 0) {
  console.error('The build failed: no suite was run.');
  process.exit(1);
}

for (const suite of suites) {
  if (suite === 'e2e' && !browser) {
    problems.push(
      'Browser tests need Chromium and none was found. Install it with `apt-get install -y chromium` ' +
        '(Debian; it lands at /usr/bin/chromium) or point CHROMIUM_PATH at a Chromium binary.',
    );
    failed++;
    continue;
  }
  console.log(`\n=== ${suite} tests ===`);
  const report = join(tmp, `vitest-${suite}.json`);
  const status = run(process.execPath, [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    suite,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    if (result.numTotalTests === 0) problems.push(`The ${suite} suite ran no test.`);
    const postgres = postgresSummary(result);
    if (postgres.problem) problems.push(postgres.problem);
    if (postgres.note) notes.push(postgres.note);
  }
  if (status !== 0) problems.push(`The ${suite} suite failed (exit ${status}).`);
}

console.log('');
for (const n of notes) console.warn(n);
for (const p of problems) console.error(p);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
