import { PowerSyncDatabase, WASQLiteVFS } from '@powersync/web';
import { AppSchema } from './schema.js';
import { decideStorage, type StorageKind } from './storage.js';

/** The SDK hangs silently when its worker or wasm cannot load; past this we show an error instead of waiting. */
export const DATABASE_OPEN_TIMEOUT_MS = 20_000;
const DB_FILENAME = 'tagbook.db';

function workerUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="tagbook-powersync-worker"]');
  if (!meta?.content) throw new Error('The build did not name the PowerSync worker (meta tagbook-powersync-worker).');
  return meta.content;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s.`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (err: unknown) => (clearTimeout(timer), reject(err instanceof Error ? err : new Error(String(err)))),
    );
  });
}

/** Opens the PowerSync database on the storage SPEC §4 picks. Callers go through databaseState.whenDatabaseReady. */
export async function openLocalDatabase(): Promise<{ db: PowerSyncDatabase; storage: StorageKind }> {
  const choice = await decideStorage();
  if (choice.kind === 'idb' && choice.reason !== 'preference') console.info(`local database on IndexedDB (${choice.reason})`);
  const worker = workerUrl();
  const db = new PowerSyncDatabase({
    schema: AppSchema,
    database: { dbFilename: DB_FILENAME, vfs: WASQLiteVFS[choice.vfs], worker, enableMultiTabs: choice.enableMultiTabs },
    sync: { worker },
  });
  await withTimeout(db.init(), DATABASE_OPEN_TIMEOUT_MS, 'Opening the local database');
  return { db, storage: choice.kind };
}
