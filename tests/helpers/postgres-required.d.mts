// Types of postgres-required.mjs (plain JavaScript, shared with tests/run.mjs).
export declare const POSTGRES_OPT_OUT: 'TAGBOOK_TEST_POSTGRES';
export declare const NOT_RUN_ON_POSTGRES: 'notRunOnPostgres';
export declare function postgresOptedOut(env: Record<string, string | undefined>): boolean;
export declare function postgresMissingError(url: string, cause: unknown): Error;
export declare function postgresSummary(report: unknown): { failedFiles: number; notRun: number; problem: string | null; note: string | null };
