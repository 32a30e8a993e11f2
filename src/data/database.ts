import { type PowerSyncDatabase, WASQLiteVFS, WebPowerSyncDatabase } from '@powersync/web';
import { AppSchema } from './schema.js';
import { decideStorage, type StorageKind } from './storage.js';

/** The SDK hangs silently when its worker or wasm cannot load; past this we show an error instead of waiting. */
export const DATABASE_OPEN_TIMEOUT_MS = 20_000;
export const DB_FILENAME = 'tagbook.db';

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

/**
 * SQLite's page size for a new local database, in bytes. The storages write whole pages: IndexedDB's VFS stores
 * each page as a record of its own, so an initial sync of 10,000 rows costs far fewer, larger writes with 64 KiB
 * pages than with SQLite's default 4 KiB (bench/browser-sync.mjs; bench/local-writes.mjs guards small writes).
 */
export const LOCAL_PAGE_SIZE = 65_536;

/**
 * The page size is fixed once a database has its first page, so it is set only on a new, empty one: IndexedDB's VFS
 * refuses the pragma on an existing database, and a database kept from an earlier build keeps its pages. Done under
 * the write lock, before the SDK writes its schema; a tab that finds pages there already leaves them as they are.
 * `_initialize` is the SDK's hook for a subclass's own set-up; `PowerSyncDatabase` is this same class, typed by its
 * interface only. tests/e2e/storage-choice.test.ts reads the page size back from both storages.
 */
class TagbookDatabase extends WebPowerSyncDatabase {
  override async _initialize(): Promise<void> {
    await super._initialize();
    await this.database.writeLock(async (tx) => {
      const { page_count: pages } = await tx.get<{ page_count: number }>('PRAGMA page_count');
      if (pages === 0) await tx.execute(`PRAGMA page_size = ${LOCAL_PAGE_SIZE}`);
    });
  }
}

/** Opens the PowerSync database on the store chosen at start. Callers go through databaseState.whenDatabaseReady. */
export async function openLocalDatabase(): Promise<{ db: PowerSyncDatabase; storage: StorageKind }> {
  const choice = await decideStorage();
  if (choice.kind === 'idb' && choice.reason !== 'preference') console.info(`local database on IndexedDB (${choice.reason})`);
  const worker = workerUrl();
  const db = new TagbookDatabase({
    schema: AppSchema,
    database: { dbFilename: DB_FILENAME, vfs: WASQLiteVFS[choice.vfs], worker, enableMultiTabs: choice.enableMultiTabs },
    sync: { worker },
  });
  await withTimeout(db.init(), DATABASE_OPEN_TIMEOUT_MS, 'Opening the local database');
  return { db, storage: choice.kind };
}
