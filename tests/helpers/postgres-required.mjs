// Whether the server tests may run without PostgreSQL, and what `npm test` says about it. Plain JavaScript, so
// that tests/run.mjs reads the same definitions as the test helpers (databases.ts).

/** The variable that opts out of PostgreSQL: with the value "skip", the server tests run on PGlite alone. */
export const POSTGRES_OPT_OUT = 'TAGBOOK_TEST_POSTGRES';
const SKIP = 'skip';

/** The task meta key set on every test whose PostgreSQL run did not happen. */
export const NOT_RUN_ON_POSTGRES = 'notRunOnPostgres';

/** The first words of the error a server test file fails with when PostgreSQL is required and does not answer. */
const MISSING_LEAD = 'PostgreSQL did not answer at ';

/**
 * Whether PostgreSQL is opted out of. Unset or empty: it is required, and its absence fails the run. Any value but
 * "skip" is refused, so that a typo never turns into a silent skip.
 * @param {Record<string, string | undefined>} env
 * @returns {boolean}
 */
export function postgresOptedOut(env) {
  const value = env[POSTGRES_OPT_OUT];
  if (value === undefined || value === '') return false;
  if (value === SKIP) return true;
  throw new Error(`${POSTGRES_OPT_OUT} must be "${SKIP}" or unset, got "${value}"`);
}

/**
 * The error of a server test file that needs PostgreSQL and found none.
 * @param {string} url where it was looked for
 * @param {unknown} cause
 * @returns {Error}
 */
export function postgresMissingError(url, cause) {
  const why = cause instanceof Error ? cause.message : String(cause);
  return new Error(
    `${MISSING_LEAD}${url} (${why}). Start it, point TEST_DATABASE_URL at one, ` +
      `or set ${POSTGRES_OPT_OUT}=${SKIP} to run the server tests on PGlite alone.`,
  );
}

/**
 * What a vitest JSON report says about PostgreSQL: how many test files failed for want of it (`problem` then says
 * so and how to opt out), and how many tests were not run on it by choice (`note`).
 * @param {any} report the report of `vitest run --reporter=json`
 * @returns {{ failedFiles: number, notRun: number, problem: string | null, note: string | null }}
 */
export function postgresSummary(report) {
  let failedFiles = 0;
  let where = '';
  let notRun = 0;
  for (const file of report.testResults ?? []) {
    const message = typeof file.message === 'string' ? file.message : '';
    const at = message.indexOf(MISSING_LEAD);
    if (file.status === 'failed' && at >= 0) {
      failedFiles++;
      where = message.slice(at + MISSING_LEAD.length).split(' ')[0] ?? '';
    }
    for (const test of file.assertionResults ?? []) if (test.meta?.[NOT_RUN_ON_POSTGRES]) notRun++;
  }
  const files = `${failedFiles} server test file${failedFiles === 1 ? '' : 's'}`;
  const tests = `${notRun} server test${notRun === 1 ? ' was' : 's were'}`;
  return {
    failedFiles,
    notRun,
    problem:
      failedFiles > 0
        ? `${MISSING_LEAD}${where}: ${files} failed without running. Start it, point TEST_DATABASE_URL at one, ` +
          `or set ${POSTGRES_OPT_OUT}=${SKIP} to run the server tests on PGlite alone.`
        : null,
    note: notRun > 0 ? `${tests} not run on PostgreSQL (${POSTGRES_OPT_OUT}=${SKIP}).` : null,
  };
}
