import { kvGet, kvSet } from './kv.js';
import { withLock } from './locks.js';

// The session header's counter must never repeat within a session, whichever tab sends the request: the server
// refuses a counter it has already accepted. Read-increment-write therefore runs under a Web Lock shared by all
// tabs, and the value is persisted so a reload continues where the session left off.
//
// Without Web Locks (very old browsers) withLock serialises within the tab only, still through storage: a purely
// in-memory counter would restart at 1 after every reload and each request would be refused as a replay.

const COUNTER_KEY = 'sessionCounter';
const LOCK_NAME = 'tagbook-session-counter';

interface StoredCounter {
  sessionId: string;
  value: number;
}

/**
 * The next counter for `sessionId`. Keyed by session, so a new session starts at 1 without anyone having to reset
 * anything, and a counter left by an earlier session never leaks into the next.
 */
export function nextCounter(sessionId: string): Promise<bigint> {
  return withLock(LOCK_NAME, async () => {
    const stored = await kvGet<StoredCounter>(COUNTER_KEY);
    const value = (stored?.sessionId === sessionId && Number.isSafeInteger(stored.value) ? stored.value : 0) + 1;
    await kvSet(COUNTER_KEY, { sessionId, value } satisfies StoredCounter);
    return BigInt(value);
  });
}
