import { Code, ConnectError } from '@connectrpc/connect';
import type { Queryable } from '../db/db.js';
import { isDatabaseUnavailable } from '../db/errors.js';

const WINDOW_MS = 15 * 60 * 1000;
/** Per account: enough for typos, far too few to guess a password. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Per client address: a shared network (an office, a carrier NAT) holds many honest users. */
export const ADDRESS_FAILURE_LIMIT = 30;
export const FAILURE_WINDOW_MS = WINDOW_MS;

export interface AttemptKeys {
  /** The account's username digest (users.username_digest, or what the client sent for an unknown account). */
  account: string | null;
  /** The client address (client-address.ts). */
  address: string;
}

type Counted = {
  key: string;
  failures: number;
  retry_ms: string;
};

export interface SignInAttempt {
  /**
   * Success: the account's failures are forgiven, and this attempt is taken back from the address. Best effort: it
   * runs after the work succeeded (a link redeemed, a password set), which must stand even when the database cannot
   * take the attempt back now; the attempt then stays counted until its window ends.
   */
  succeeded(): Promise<void>;
}

/**
 * Starts a credential check. The attempt is counted as a failure BEFORE the check runs, so parallel requests
 * cannot all slip under the limit while each one's slow scrypt runs; `succeeded()` takes it back. Over the limit
 * it throws `resource_exhausted` and leaves the counts as they were.
 */
export async function beginSignInAttempt(db: Queryable, keys: AttemptKeys): Promise<SignInAttempt> {
  const limits: [string, number, string][] = [[`address:${keys.address}`, ADDRESS_FAILURE_LIMIT, 'from your network address']];
  if (keys.account !== null) limits.unshift([`account:${keys.account}`, ACCOUNT_FAILURE_LIMIT, 'for this account']);
  const counted: Counted[] = [];
  for (const [key] of limits) counted.push(await countFailure(db, key));
  const over = limits.findIndex(([, limit], i) => (counted[i]?.failures ?? 0) > limit);
  if (over >= 0) {
    for (const [key] of limits) await uncount(db, key);
    const [, , scope] = limits[over]!;
    throw tooMany(scope, Number(counted[over]!.retry_ms));
  }
  return {
    async succeeded() {
      try {
        if (keys.account !== null) await forgiveAccount(db, keys.account);
        await uncount(db, `address:${keys.address}`);
      } catch (error) {
        logNotTakenBack(error);
      }
    },
  };
}

/**
 * A successful sign-in clears the account's failures (also for sign-ins that did not know the account up front).
 * Best effort, as succeeded() is.
 */
export async function forgiveAccount(db: Queryable, account: string): Promise<void> {
  await db.query('delete from sign_in_failures where key = $1', [`account:${account}`]).catch(logNotTakenBack);
}

function logNotTakenBack(error: unknown): void {
  // The database being away is expected now and then, and its message says all; anything else gets its stack.
  if (isDatabaseUnavailable(error)) console.warn(`a successful sign-in attempt stays counted: ${(error as Error).message}`);
  else console.error('a successful sign-in attempt stays counted', error);
}

// One statement per key: a window that has run out restarts at this failure.
async function countFailure(db: Queryable, key: string): Promise<Counted> {
  const [row] = await db.query<Counted>(
    `insert into sign_in_failures as f (key, window_started_at, failures) values ($1, now(), 1)
     on conflict (key) do update set
       failures = case when f.window_started_at <= now() - $2::bigint * interval '1 millisecond' then 1 else f.failures + 1 end,
       window_started_at = case when f.window_started_at <= now() - $2::bigint * interval '1 millisecond'
                                then now() else f.window_started_at end
     returning key, failures,
       ceil(extract(epoch from (window_started_at + $2::bigint * interval '1 millisecond' - now())) * 1000)::bigint as retry_ms`,
    [key, WINDOW_MS],
  );
  if (row === undefined) throw new Error('counting a sign-in failure returned no row');
  return row;
}

async function uncount(db: Queryable, key: string): Promise<void> {
  await db.query('update sign_in_failures set failures = failures - 1 where key = $1 and failures > 0', [key]);
}

function tooMany(scope: string, retryMs: number): ConnectError {
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  return new ConnectError(
    `Too many failed sign-in attempts ${scope}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    Code.ResourceExhausted,
  );
}
