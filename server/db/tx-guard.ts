import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Catches a mistake that behaves differently per backend: using the Db (instead of the tx it was given) inside a
 * transaction callback. On PGlite, one connection, that query waits for the transaction, which waits for the
 * query — a silent hang. On PostgreSQL it runs on another connection, outside the transaction. Both adapters
 * reject it instead, the same way.
 */
export interface TransactionGuard {
  /** Runs fn marked as "inside a transaction of this Db" (for everything it awaits or schedules). */
  inside<T>(fn: () => Promise<T>): Promise<T>;
  /** Throws if called from inside a still-running transaction of this Db. */
  assertOutside(what: string): void;
}

export function transactionGuard(): TransactionGuard {
  // A flag object rather than `true`: work the callback scheduled but did not await may outlive the
  // transaction, and must then be allowed to use the Db.
  const storage = new AsyncLocalStorage<{ active: boolean }>();
  return {
    async inside(fn) {
      const mark = { active: true };
      try {
        return await storage.run(mark, fn);
      } finally {
        mark.active = false;
      }
    },
    assertOutside(what) {
      if (storage.getStore()?.active) {
        throw new Error(`Db.${what} called inside a transaction: use the transaction's own query()`);
      }
    },
  };
}
