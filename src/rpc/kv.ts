import { createStore, del, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';

// The session's own small IndexedDB database (version 1), apart from the synced local database
// so that resetting one never touches the other. CryptoKey objects are stored as they are: IndexedDB keeps a
// non-extractable key usable without its private bytes ever being readable.

const DB_NAME = 'tagbook-session';
const STORE_NAME = 'session';

let store: UseStore | null = typeof indexedDB === 'undefined' ? null : createStore(DB_NAME, STORE_NAME);
// Where IndexedDB is missing or refuses to open (some private modes), the session lives as long as the page: the
// app still works, the user just signs in again after a reload.
const memory = new Map<string, unknown>();

function fallBack(error: unknown): void {
  if (store === null) return;
  console.warn('Session storage unavailable, keeping the session in memory only', error);
  store = null;
}

async function withStore<T>(onStore: (s: UseStore) => Promise<T>, inMemory: () => T): Promise<T> {
  if (store !== null) {
    try {
      return await onStore(store);
    } catch (error) {
      fallBack(error);
    }
  }
  return inMemory();
}

export function kvGet<T>(key: string): Promise<T | undefined> {
  return withStore(
    (s) => get<T>(key, s),
    () => memory.get(key) as T | undefined,
  );
}

export function kvSet(key: string, value: unknown): Promise<void> {
  return withStore(
    (s) => set(key, value, s),
    () => {
      memory.set(key, value);
    },
  );
}

export function kvDelete(key: string): Promise<void> {
  return withStore(
    (s) => del(key, s),
    () => {
      memory.delete(key);
    },
  );
}
