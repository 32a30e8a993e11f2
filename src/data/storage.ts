// Which store the local database uses, chosen at start. The rule is a pure function of what the browser reports;
// gathering those facts is separate (and skips the costly questions when a stored preference already decides). This
// module must not import the SDK at runtime: the settings dialog and the shell use it without loading PowerSync.

import { askForPersistence } from './persistence.js';

export type StorageKind = 'opfs' | 'idb';
/** The SDK's WASQLiteVFS values we use. Never AccessHandlePoolVFS: it breaks as soon as a second tab opens. */
export type StorageVfs = 'OPFSCoopSyncVFS' | 'IDBBatchAtomicVFS';
export type StorageMode = 'auto' | 'stable';

/** The browser database's version: a forced-IndexedDB preference saved under another version is void. */
export const BROWSER_DATABASE_VERSION = 8;
/** Read before the database opens, so it cannot live in the database: localStorage. */
export const STORAGE_PREFERENCE_KEY = 'tagbook.storagePreference';
/** The store this device's database lives in, once chosen. */
export const STORAGE_IN_USE_KEY = 'tagbook.storageInUse';
/**
 * The file-system store needs enough free space, and no figure was given. 50 MB covers the SQLite build, a synced
 * account's rows and the local file queue with room to spare; below it a quota error in the middle of a sync is
 * likely, and IndexedDB degrades more gently (the browser evicts other origins first or fails one transaction, not
 * the VFS).
 */
export const MIN_FREE_BYTES_FOR_OPFS = 50 * 1024 * 1024;
/** After switching modes the settings dialog counts down this long, then reloads into the new storage. */
export const STORAGE_MODE_RELOAD_COUNTDOWN_MS = 3000;

export interface StoragePreference {
  forceIndexedDb: true;
  version: number;
}

/** What the stored preference turned out to be. 'invalid' is anything unreadable or of an unknown shape. */
export type StoredPreference = { kind: 'none' } | { kind: 'invalid' } | { kind: 'force-idb'; version: number };

export interface StorageInputs {
  preference: StoredPreference;
  /** The store an earlier start chose, if any. */
  inUse: StorageKind | null;
  opfsAvailable: boolean;
  /** quota − usage from navigator.storage.estimate(); null when the browser cannot tell. */
  freeBytes: number | null;
  /** navigator.storage.persisted(), or the answer to a persist() request. */
  persisted: boolean;
  sharedWorkerAvailable: boolean;
  mobile: boolean;
}

export type StorageReason = 'preference' | 'in-use' | 'opfs' | 'no-opfs' | 'low-space' | 'not-persisted' | 'no-shared-worker';

export interface StorageChoice {
  kind: StorageKind;
  vfs: StorageVfs;
  enableMultiTabs: boolean;
  /** Why, for logs and bug reports: a device that silently lands on IndexedDB is otherwise a mystery. */
  reason: StorageReason;
  /** A preference of another database version (or unreadable) is removed. */
  removePreference: boolean;
}

export function parsePreference(raw: string | null): StoredPreference {
  if (raw === null) return { kind: 'none' };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null) {
      const { forceIndexedDb, version } = value as Record<string, unknown>;
      if (forceIndexedDb === true && typeof version === 'number') return { kind: 'force-idb', version };
    }
  } catch {
    // Falls through: a corrupt value is treated like a mismatched one and removed.
  }
  return { kind: 'invalid' };
}

export function chooseStorage(inputs: StorageInputs): StorageChoice {
  const { preference } = inputs;
  const removePreference =
    preference.kind === 'invalid' || (preference.kind === 'force-idb' && preference.version !== BROWSER_DATABASE_VERSION);
  // Multi-tab means one SharedWorker owning the database for every tab; phones get one tab's worth of machinery.
  const desktopMultiTab = inputs.sharedWorkerAvailable && !inputs.mobile;
  const idb = (reason: StorageReason): StorageChoice => ({
    kind: 'idb',
    vfs: 'IDBBatchAtomicVFS',
    enableMultiTabs: desktopMultiTab,
    reason,
    removePreference,
  });

  const opfs = (reason: StorageReason): StorageChoice => ({
    kind: 'opfs', vfs: 'OPFSCoopSyncVFS', enableMultiTabs: !inputs.mobile, reason, removePreference,
  });

  if (preference.kind === 'force-idb' && !removePreference) return idb('preference');
  // A device keeps the store it already writes to: re-deciding at every start (free space and persistence change)
  // would leave unsent changes and local-only data behind in the other store. Only a removed preference or an
  // explicit storage-mode switch decides afresh.
  if (!removePreference && inputs.inUse === 'idb') return idb('in-use');
  if (!removePreference && inputs.inUse === 'opfs' && inputs.opfsAvailable) return opfs('in-use');
  if (!inputs.opfsAvailable) return idb('no-opfs');
  if (inputs.freeBytes === null || inputs.freeBytes < MIN_FREE_BYTES_FOR_OPFS) return idb('low-space');
  if (!inputs.persisted) return idb('not-persisted');
  // OPFS runs in mobile mode, or on desktop with multi-tab through a shared worker. A desktop browser
  // without SharedWorker would give every tab its own sync stream on one file: IndexedDB is the safer store there.
  if (!inputs.mobile && !inputs.sharedWorkerAvailable) return idb('no-shared-worker');
  return opfs('opfs');
}

function readRawPreference(): string | null {
  try {
    return localStorage.getItem(STORAGE_PREFERENCE_KEY);
  } catch {
    return null; // storage disabled: there can be no preference
  }
}

function readInUse(): StorageKind | null {
  try {
    const value = localStorage.getItem(STORAGE_IN_USE_KEY);
    return value === 'opfs' || value === 'idb' ? value : null;
  } catch {
    return null;
  }
}

function writeInUse(kind: StorageKind | null): void {
  try {
    if (kind === null) localStorage.removeItem(STORAGE_IN_USE_KEY);
    else localStorage.setItem(STORAGE_IN_USE_KEY, kind);
  } catch {
    // Without localStorage every start decides afresh; nothing better is possible.
  }
}

export function removeStoragePreference(): void {
  try {
    localStorage.removeItem(STORAGE_PREFERENCE_KEY);
  } catch {
    // Nothing stored can be removed when storage is disabled.
  }
}

/** The admin settings dialog's switch: 'stable' forces IndexedDB from the next start on, 'auto' lets the rule pick. */
export function setStorageMode(mode: StorageMode): void {
  // An explicit switch is the one moment the store may change (the dialog warns first).
  writeInUse(null);
  if (mode === 'auto') {
    removeStoragePreference();
    return;
  }
  const preference: StoragePreference = { forceIndexedDb: true, version: BROWSER_DATABASE_VERSION };
  localStorage.setItem(STORAGE_PREFERENCE_KEY, JSON.stringify(preference));
}

export function getStorageMode(): StorageMode {
  const preference = parsePreference(readRawPreference());
  return preference.kind === 'force-idb' && preference.version === BROWSER_DATABASE_VERSION ? 'stable' : 'auto';
}

async function readFreeBytes(storage: StorageManager | undefined): Promise<number | null> {
  if (typeof storage?.estimate !== 'function') return null;
  try {
    const { quota, usage } = await storage.estimate();
    return quota === undefined ? null : quota - (usage ?? 0);
  } catch {
    return null;
  }
}

/** Asks the browser only what the rule still needs: a valid preference decides before any storage question. */
export async function readStorageInputs(): Promise<StorageInputs> {
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  const base = {
    preference: parsePreference(readRawPreference()),
    inUse: readInUse(),
    opfsAvailable: typeof nav.storage?.getDirectory === 'function',
    sharedWorkerAvailable: typeof SharedWorker !== 'undefined',
    mobile: nav.userAgentData?.mobile ?? /Android|iPhone|iPad|Mobile/i.test(nav.userAgent),
  };
  const decided =
    (base.preference.kind === 'force-idb' && base.preference.version === BROWSER_DATABASE_VERSION) ||
    (base.preference.kind === 'none' && base.inUse !== null);
  if (decided || !base.opfsAvailable) return { ...base, freeBytes: null, persisted: false };
  const freeBytes = await readFreeBytes(nav.storage);
  // Without room for OPFS there is no point asking for persistence (a prompt, in some browsers).
  if (freeBytes === null || freeBytes < MIN_FREE_BYTES_FOR_OPFS) return { ...base, freeBytes, persisted: false };
  return { ...base, freeBytes, persisted: await askForPersistence('first-start') };
}

/** The whole start-up decision: gather, decide, drop a void preference. */
export async function decideStorage(): Promise<StorageChoice> {
  const choice = chooseStorage(await readStorageInputs());
  if (choice.removePreference) removeStoragePreference();
  writeInUse(choice.kind);
  return choice;
}
