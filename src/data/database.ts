import { PowerSyncDatabase } from '@powersync/web';
import { AppSchema } from './schema.js';
import { chooseStorage, readStorageInputs, type StorageChoice } from './storage.js';

/** The SDK hangs silently when its worker or wasm cannot load; past this we show an error instead of waiting. */
export const DATABASE_OPEN_TIMEOUT_MS = 20_000;
const DB_FILENAME = 'tagbook.db';

export type DatabaseState =
  | { status: 'opening' }
  | { status: 'ready'; storage: StorageChoice['kind'] }
  | { status: 'failed'; error: string };

let state: DatabaseState = { status: 'opening' };
let database: PowerSyncDatabase | null = null;
let opening: Promise<PowerSyncDatabase> | null = null;
const listeners = new Set<() => void>();

function setState(next: DatabaseState) {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeDatabaseState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getDatabaseState(): DatabaseState {
  return state;
}

/** SPEC §8: using the local database before it is initialised is a programming error, said plainly. */
export function getDatabase(): PowerSyncDatabase {
  if (!database) throw new Error('The sync engine is not initialized: the local database is not open yet.');
  return database;
}

function workerUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="tagbook-powersync-worker"]');
  if (!meta?.content) throw new Error('The build did not name the PowerSync worker (meta tagbook-powersync-worker).');
  return meta.content;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (err: unknown) => (clearTimeout(timer), reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
}

/** Opens the local database once; every caller shares the same promise. */
export function openLocalDatabase(): Promise<PowerSyncDatabase> {
  opening ??= (async () => {
    try {
      const choice = chooseStorage(readStorageInputs());
      const worker = workerUrl();
      const db = new PowerSyncDatabase({
        schema: AppSchema,
        database: { dbFilename: DB_FILENAME, vfs: choice.vfs, worker, enableMultiTabs: choice.enableMultiTabs },
        sync: { worker },
      });
      await withTimeout(db.init(), DATABASE_OPEN_TIMEOUT_MS, 'Opening the local database');
      database = db;
      setState({ status: 'ready', storage: choice.kind });
      return db;
    } catch (err) {
      setState({ status: 'failed', error: err instanceof Error ? err.message : String(err) });
      throw err;
    }
  })();
  return opening;
}

/** Resolves once the database is open; queries issued during start-up wait here rather than fail. */
export function whenDatabaseReady(): Promise<PowerSyncDatabase> {
  return database ? Promise.resolve(database) : openLocalDatabase();
}
