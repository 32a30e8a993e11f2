import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_OPT_OUT, postgresSummary } from '../helpers/postgres-required.mjs';
import { ROOT } from '../helpers/server.js';

const work = mkdtempSync(join(tmpdir(), 'tagbook-pg-required-'));

/** A TCP port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs one small server test file as `npm test` runs the server suite, with PostgreSQL at a closed port. */
async function runWithoutPostgres(optOut: string | undefined): Promise<{ status: number; output: string; report: unknown }> {
  const reportFile = join(work, `report-${optOut ?? 'required'}.json`);
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` };
  delete env[POSTGRES_OPT_OUT];
  if (optOut !== undefined) env[POSTGRES_OPT_OUT] = optOut;
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, 'tests/server/powersync-auth.test.ts'],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const status = await new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? 1)));
  return { status, output, report: JSON.parse(readFileSync(reportFile, 'utf8')) };
}

// The server suites run on PGlite and PostgreSQL; a PostgreSQL that is not there must not quietly halve them.
describe('server tests without a PostgreSQL', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('fail, saying where PostgreSQL was looked for and how to opt out', async () => {
    const run = await runWithoutPostgres(undefined);
    expect(run.status).not.toBe(0);
    expect(run.output).toContain(`${POSTGRES_OPT_OUT}=skip`);
    const summary = postgresSummary(run.report);
    expect(summary.failedFiles).toBe(1);
    expect(summary.notRun).toBe(0);
    expect(summary.problem).toMatch(/^PostgreSQL did not answer at postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres: 1 server test file failed/);
    expect(summary.problem).toContain(`${POSTGRES_OPT_OUT}=skip`);
  });

  it(`run on PGlite alone when opted out with ${POSTGRES_OPT_OUT}=skip, and are counted as not run on PostgreSQL`, async () => {
    const run = await runWithoutPostgres('skip');
    expect(run.status).toBe(0);
    const summary = postgresSummary(run.report);
    // powersync-auth.test.ts holds three tests per database.
    expect([summary.failedFiles, summary.notRun, summary.problem]).toEqual([0, 3, null]);
    expect(summary.note).toBe(`3 server tests were not run on PostgreSQL (${POSTGRES_OPT_OUT}=skip).`);
  });

  it('refuse any other value of the opt-out, which would otherwise be a silent typo', async () => {
    const run = await runWithoutPostgres('yes');
    expect(run.status).not.toBe(0);
    expect(run.output).toContain(`${POSTGRES_OPT_OUT} must be "skip" or unset, got "yes"`);
  });
});
