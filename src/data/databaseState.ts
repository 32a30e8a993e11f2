import type { PowerSyncDatabase } from '@powersync/web';
import type { StorageKind } from './storage.js';

// Everything the UI needs to know about the local database, without importing the SDK: the SDK's main-thread code
// loads in its own chunk, after the shell has rendered.

export type DatabaseState =
  | { status: 'opening' }
  | { status: 'ready'; storage: StorageKind }
  | { status: 'failed'; error: string };

let state: DatabaseState = { status: 'opening' };
let database: PowerSyncDatabase | null = null;
let opening: Promise<PowerSyncDatabase> | null = null;
const listeners = new Set<() => void>();

function setState(next: DatabaseState) {
  state = next;
  for (const listener of [...listeners]) listener();
}

export function subscribeDatabaseState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getDatabaseState(): DatabaseState {
  return state;
}

/** Using the local database before it is initialised is a programming error, said plainly. */
export function getDatabase(): PowerSyncDatabase {
  if (!database) throw new Error('The sync engine is not initialized: the local database is not open yet.');
  return database;
}

/** Opens the local database once (loading the SDK chunk); every caller shares the same promise. */
export function whenDatabaseReady(): Promise<PowerSyncDatabase> {
  opening ??= open();
  return opening;
}

/** The old database gets 2 s to close: a wedged database must not block its replacement. */
export const CLOSE_TIMEOUT_MS = 2000;

/** Closes the current database (waiting at most 2 s) and opens a fresh one on the same storage. */
export async function recreateDatabase(): Promise<PowerSyncDatabase> {
  const old = database;
  database = null;
  setState({ status: 'opening' });
  if (old) {
    await Promise.race([old.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS))]);
  }
  opening = open();
  return opening;
}

function open(): Promise<PowerSyncDatabase> {
  return import('./database.js')
    .then((m) => m.openLocalDatabase())
    .then(
      (result) => {
        database = result.db;
        setState({ status: 'ready', storage: result.storage });
        return result.db;
      },
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        setState({ status: 'failed', error: error.message });
        throw error;
      },
    );
}
