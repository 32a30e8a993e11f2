import type { Db } from './db.js';

/**
 * A value loaded once per database and shared by every caller (keys kept in server_keys). A failed load — the
 * database briefly down — is not kept: the next call tries again.
 */
export function oncePerDatabase<T>(load: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  const cache = new WeakMap<Db, Promise<T>>();
  return (db) => {
    let value = cache.get(db);
    if (value === undefined) {
      value = load(db);
      value.catch(() => cache.delete(db));
      cache.set(db, value);
    }
    return value;
  };
}
