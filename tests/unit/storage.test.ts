import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_DATABASE_VERSION,
  MIN_FREE_BYTES_FOR_OPFS,
  STORAGE_MODE_RELOAD_COUNTDOWN_MS,
  STORAGE_PREFERENCE_KEY,
  chooseStorage,
  decideStorage,
  getStorageMode,
  parsePreference,
  readStorageInputs,
  STORAGE_IN_USE_KEY,
  setStorageMode,
  type StorageInputs,
} from '../../src/data/storage.js';

const roomy = MIN_FREE_BYTES_FOR_OPFS * 10;
const desktop: StorageInputs = {
  preference: { kind: 'none' },
  inUse: null,
  opfsAvailable: true,
  freeBytes: roomy,
  persisted: true,
  sharedWorkerAvailable: true,
  mobile: false,
};

describe('chooseStorage (the storage choice at start)', () => {
  it('uses OPFS with multi-tab through the shared worker on a capable desktop', () => {
    expect(chooseStorage(desktop)).toEqual({
      kind: 'opfs',
      vfs: 'OPFSCoopSyncVFS',
      enableMultiTabs: true,
      reason: 'opfs',
      removePreference: false,
    });
  });

  it('uses OPFS single-tab on mobile, with or without SharedWorker', () => {
    for (const sharedWorkerAvailable of [true, false]) {
      const choice = chooseStorage({ ...desktop, mobile: true, sharedWorkerAvailable });
      expect(choice).toMatchObject({ kind: 'opfs', vfs: 'OPFSCoopSyncVFS', enableMultiTabs: false });
    }
  });

  it('lets a forced-IndexedDB preference of this database version win over a capable OPFS', () => {
    const choice = chooseStorage({ ...desktop, preference: { kind: 'force-idb', version: BROWSER_DATABASE_VERSION } });
    expect(choice).toEqual({
      kind: 'idb',
      vfs: 'IDBBatchAtomicVFS',
      enableMultiTabs: true,
      reason: 'preference',
      removePreference: false,
    });
  });

  it('removes a preference of another database version and decides as if there were none', () => {
    for (const version of [BROWSER_DATABASE_VERSION - 1, BROWSER_DATABASE_VERSION + 1]) {
      const choice = chooseStorage({ ...desktop, preference: { kind: 'force-idb', version } });
      expect(choice).toMatchObject({ kind: 'opfs', removePreference: true });
    }
    const low = chooseStorage({ ...desktop, freeBytes: 0, preference: { kind: 'force-idb', version: 7 } });
    expect(low).toMatchObject({ kind: 'idb', reason: 'low-space', removePreference: true });
  });

  it('removes an unreadable preference', () => {
    expect(chooseStorage({ ...desktop, preference: { kind: 'invalid' } })).toMatchObject({
      kind: 'opfs',
      removePreference: true,
    });
  });

  it('falls back to IndexedDB without OPFS', () => {
    expect(chooseStorage({ ...desktop, opfsAvailable: false })).toMatchObject({
      kind: 'idb',
      vfs: 'IDBBatchAtomicVFS',
      reason: 'no-opfs',
      removePreference: false,
    });
  });

  it('needs at least the free-space threshold for OPFS, and an estimate at all', () => {
    expect(chooseStorage({ ...desktop, freeBytes: MIN_FREE_BYTES_FOR_OPFS })).toMatchObject({ kind: 'opfs' });
    expect(chooseStorage({ ...desktop, freeBytes: MIN_FREE_BYTES_FOR_OPFS - 1 })).toMatchObject({
      kind: 'idb',
      reason: 'low-space',
    });
    expect(chooseStorage({ ...desktop, freeBytes: null })).toMatchObject({ kind: 'idb', reason: 'low-space' });
  });

  it('needs persisted storage for OPFS', () => {
    expect(chooseStorage({ ...desktop, persisted: false })).toMatchObject({ kind: 'idb', reason: 'not-persisted' });
  });

  it('keeps desktop browsers without SharedWorker on IndexedDB, single-tab', () => {
    expect(chooseStorage({ ...desktop, sharedWorkerAvailable: false })).toEqual({
      kind: 'idb',
      vfs: 'IDBBatchAtomicVFS',
      enableMultiTabs: false,
      reason: 'no-shared-worker',
      removePreference: false,
    });
  });

  it('keeps the store a device already uses, even when the rule would now pick the other', () => {
    expect(chooseStorage({ ...desktop, inUse: 'idb' })).toMatchObject({ kind: 'idb', reason: 'in-use' });
    expect(chooseStorage({ ...desktop, inUse: 'opfs', persisted: false, freeBytes: 0 })).toMatchObject({
      kind: 'opfs',
      reason: 'in-use',
    });
  });

  it('decides afresh when a preference of another version is removed, whatever was in use', () => {
    const mismatched = { ...desktop, preference: { kind: 'force-idb', version: 7 } as const, inUse: 'idb' as const };
    expect(chooseStorage(mismatched)).toMatchObject({ kind: 'opfs', reason: 'opfs', removePreference: true });
  });

  it('leaves a store in use only when the browser lost OPFS', () => {
    expect(chooseStorage({ ...desktop, inUse: 'opfs', opfsAvailable: false })).toMatchObject({ kind: 'idb' });
  });

  it('runs IndexedDB multi-tab on desktop and single-tab on mobile', () => {
    expect(chooseStorage({ ...desktop, opfsAvailable: false }).enableMultiTabs).toBe(true);
    expect(chooseStorage({ ...desktop, opfsAvailable: false, mobile: true }).enableMultiTabs).toBe(false);
  });
});

describe('parsePreference', () => {
  it('reads the stored JSON', () => {
    expect(parsePreference(null)).toEqual({ kind: 'none' });
    expect(parsePreference('{"forceIndexedDb":true,"version":8}')).toEqual({ kind: 'force-idb', version: 8 });
    expect(parsePreference('{"forceIndexedDb":true,"version":3}')).toEqual({ kind: 'force-idb', version: 3 });
  });

  it('calls anything else invalid', () => {
    for (const raw of ['', 'not json', 'null', '8', '{"forceIndexedDb":false,"version":8}', '{"forceIndexedDb":true}']) {
      expect(parsePreference(raw)).toEqual({ kind: 'invalid' });
    }
  });
});

describe('storage mode preference', () => {
  beforeEach(() => localStorage.clear());

  it('an explicit switch forgets the store in use, so the next start decides afresh', () => {
    localStorage.setItem(STORAGE_IN_USE_KEY, 'idb');
    setStorageMode('auto');
    expect(localStorage.getItem(STORAGE_IN_USE_KEY)).toBeNull();
  });

  it("'stable' saves the forced-IndexedDB preference with the database version; 'auto' removes it", () => {
    expect(getStorageMode()).toBe('auto');
    setStorageMode('stable');
    expect(JSON.parse(localStorage.getItem(STORAGE_PREFERENCE_KEY)!)).toEqual({ forceIndexedDb: true, version: 8 });
    expect(getStorageMode()).toBe('stable');
    setStorageMode('auto');
    expect(localStorage.getItem(STORAGE_PREFERENCE_KEY)).toBeNull();
    expect(getStorageMode()).toBe('auto');
  });

  it('gives the settings dialog its reload countdown', () => {
    expect(STORAGE_MODE_RELOAD_COUNTDOWN_MS).toBe(3000);
  });

  it('reports a preference of another version as auto', () => {
    localStorage.setItem(STORAGE_PREFERENCE_KEY, JSON.stringify({ forceIndexedDb: true, version: 7 }));
    expect(getStorageMode()).toBe('auto');
  });
});

describe('gathering the inputs', () => {
  const storage = {
    getDirectory: vi.fn(),
    estimate: vi.fn(async () => ({ quota: roomy, usage: 1000 })),
    persisted: vi.fn(async () => false),
    persist: vi.fn(async () => true),
  };

  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', storage });
    vi.stubGlobal('SharedWorker', class {});
    for (const fn of Object.values(storage)) fn.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks for persistence when not yet persisted, and uses the answer', async () => {
    await expect(readStorageInputs()).resolves.toEqual({ ...desktop, freeBytes: roomy - 1000 });
    expect(storage.persist).toHaveBeenCalledOnce();
  });

  it('does not ask the browser anything when a valid preference decides', async () => {
    setStorageMode('stable');
    const choice = await decideStorage();
    expect(choice).toMatchObject({ kind: 'idb', reason: 'preference' });
    expect(storage.estimate).not.toHaveBeenCalled();
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('remembers the store it chose, and next time keeps it without asking the browser again', async () => {
    await expect(decideStorage()).resolves.toMatchObject({ kind: 'opfs', reason: 'opfs' });
    expect(localStorage.getItem(STORAGE_IN_USE_KEY)).toBe('opfs');
    storage.estimate.mockClear();
    storage.persist.mockClear();
    await expect(decideStorage()).resolves.toMatchObject({ kind: 'opfs', reason: 'in-use' });
    expect(storage.estimate).not.toHaveBeenCalled();
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('does not request persistence without room for OPFS', async () => {
    storage.estimate.mockResolvedValueOnce({ quota: MIN_FREE_BYTES_FOR_OPFS, usage: 1 });
    await expect(decideStorage()).resolves.toMatchObject({ kind: 'idb', reason: 'low-space' });
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('gives up on a persist() request nobody answers', async () => {
    vi.useFakeTimers();
    storage.persist.mockReturnValueOnce(new Promise<boolean>(() => {}));
    const pending = decideStorage();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toMatchObject({ kind: 'idb', reason: 'not-persisted' });
  });

  it('removes a mismatched preference from localStorage', async () => {
    localStorage.setItem(STORAGE_PREFERENCE_KEY, JSON.stringify({ forceIndexedDb: true, version: 7 }));
    await expect(decideStorage()).resolves.toMatchObject({ kind: 'opfs', removePreference: true });
    expect(localStorage.getItem(STORAGE_PREFERENCE_KEY)).toBeNull();
  });

  it('detects mobile from the user agent when client hints are missing', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile', storage });
    await expect(decideStorage()).resolves.toMatchObject({ kind: 'opfs', enableMultiTabs: false });
  });
});
