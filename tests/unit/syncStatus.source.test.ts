// The adapter from the database's SyncStatus to the bar: a fake database stands in for the SDK.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseState } from '../../src/data/databaseState.js';
import { deriveSyncState } from '../../src/data/syncStatus/derive.js';
import {
  createSyncStatusSource,
  toSyncInput,
  type SyncStatusDatabase,
  type SyncStatusLike,
} from '../../src/data/syncStatusSource.js';

function status(over: Partial<Record<keyof SyncStatusLike, unknown>> = {}): SyncStatusLike {
  return {
    connected: false,
    connecting: false,
    hasSynced: false,
    downloading: false,
    uploading: false,
    downloadError: undefined,
    uploadError: undefined,
    downloadProgress: null,
    ...over,
  } as SyncStatusLike;
}

class FakeDatabase implements SyncStatusDatabase {
  currentStatus = status();
  listeners = new Set<(s: SyncStatusLike) => void>();
  registerListener(listener: { statusChanged?: (s: SyncStatusLike) => void }) {
    const fn = listener.statusChanged;
    if (!fn) return () => {};
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  emit(over: Partial<Record<keyof SyncStatusLike, unknown>>) {
    this.currentStatus = status(over);
    for (const fn of this.listeners) fn(this.currentStatus);
  }
}

function harness() {
  let state: DatabaseState = { status: 'opening' };
  let failure: string | null = null;
  const failureListeners = new Set<() => void>();
  let db = new FakeDatabase();
  const stateListeners = new Set<() => void>();
  const whenDatabaseReady = vi.fn(async () => db);
  const source = createSyncStatusSource({
    getDatabaseState: () => state,
    subscribeDatabaseState: (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    whenDatabaseReady,
    network: { isOnline: () => true, subscribe: () => () => {} },
    failure: {
      get: () => failure,
      subscribe: (listener) => {
        failureListeners.add(listener);
        return () => failureListeners.delete(listener);
      },
    },
  });
  const setState = (next: DatabaseState) => {
    state = next;
    for (const listener of stateListeners) listener();
  };
  return {
    source,
    whenDatabaseReady,
    db: () => db,
    /** The database opens (again, after a recreate: a new instance). */
    async ready(next = new FakeDatabase()) {
      db = next;
      setState({ status: 'ready', storage: 'idb' });
      await vi.advanceTimersByTimeAsync(0);
    },
    reopening: () => setState({ status: 'opening' }),
    /** The connection lifecycle starts or ends backing off from a failure. */
    fail(message: string | null) {
      failure = message;
      for (const listener of failureListeners) listener();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => vi.useRealTimers());

describe('toSyncInput', () => {
  it('drops the interruption of an upload by a disconnect the app asked for, whatever its class', () => {
    for (const error of [new Error('Disconnect has been requested'), Object.assign(new Error('The operation was aborted'), { name: 'AbortError' })]) {
      const input = toSyncInput(status({ uploadError: error, downloadError: error }), true);
      expect(input.uploadError).toBeUndefined();
      expect(input.downloadError).toBeUndefined();
    }
    expect(toSyncInput(status({ uploadError: new Error('Disconnect has been requested!') }), true).uploadError).toBe(
      'Disconnect has been requested!',
    );
  });

  it("takes another tab's closing for a reconnect, not a sync error", () => {
    for (const message of [
      'Remote peer closed with request in flight',
      'No iteration is active',
      "Failed to execute 'createSyncAccessHandle' on 'FileSystemFileHandle': Access Handles cannot be created if there is another open Access Handle",
    ]) {
      const input = toSyncInput(status({ connected: false, connecting: true, downloadError: new Error(message), uploadError: new Error(message) }), true);
      expect(input.downloadError, message).toBeUndefined();
      expect(input.uploadError, message).toBeUndefined();
      expect(deriveSyncState(input), message).toBe('connecting');
      // Nor does the lifecycle's retry after it say more.
      expect(toSyncInput(status({ connecting: true }), true, true, message).downloadError, message).toBeUndefined();
    }
    expect(toSyncInput(status({ downloadError: new Error('Remote peer is unhappy') }), true).downloadError).toBe('Remote peer is unhappy');
  });

  it('reads the flags, the error messages and the download fraction', () => {
    const input = toSyncInput(
      status({
        connected: true,
        hasSynced: true,
        downloading: true,
        uploadError: new Error('Upload rejected'),
        downloadError: new TypeError('Failed to fetch'),
        downloadProgress: { downloadedFraction: 0.42, totalOperations: 100, downloadedOperations: 42 },
      }),
      false,
    );
    expect(input).toEqual({
      connected: true,
      connecting: false,
      hasSynced: true,
      everConnected: true,
      downloading: true,
      uploading: false,
      downloadError: 'Failed to fetch',
      uploadError: 'Upload rejected',
      browserOnline: true,
      progress: 0.42,
    });
  });

  it('keeps the failure the lifecycle backs off from standing between attempts, until a connection', () => {
    const failure = 'Network error: Failed to fetch';
    expect(toSyncInput(status({ connecting: true }), true, true, failure).downloadError).toBe(failure);
    expect(toSyncInput(status(), true, true, failure).downloadError).toBe(failure);
    expect(toSyncInput(status({ connected: true }), true, true, failure).downloadError).toBeUndefined();
    expect(toSyncInput(status({ downloadError: new Error('Checksum mismatch') }), true, true, failure).downloadError).toBe('Checksum mismatch');
    expect(toSyncInput(status({ connecting: true }), true, true, null).downloadError).toBeUndefined();
  });

  it('hasSynced still loading counts as not synced; progress only while downloading', () => {
    const input = toSyncInput(
      status({ hasSynced: undefined, downloadProgress: { downloadedFraction: 1, totalOperations: 1, downloadedOperations: 1 } }),
      true,
    );
    expect(input).toMatchObject({ hasSynced: false, everConnected: true, progress: undefined });
  });

  it('an error without a message still says something', () => {
    const input = toSyncInput(status({ uploadError: Object.assign(new Error(''), { name: 'SyncError' }) }), false);
    expect(input.uploadError).toBe('SyncError');
  });
});

describe('the sync status source', () => {
  it('is hidden before the database is ready, and does not open it', async () => {
    const h = harness();
    const listener = vi.fn();
    h.source.subscribe(listener);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.source.getSnapshot().state).toBe('idle');
    expect(h.whenDatabaseReady).not.toHaveBeenCalled();
  });

  it('follows the database once ready: its current status, then every change', async () => {
    const h = harness();
    h.source.subscribe(() => {});
    const db = new FakeDatabase();
    db.currentStatus = status({ connecting: true });
    await h.ready(db);
    expect(h.source.getSnapshot().state).toBe('connecting');
    db.emit({ connected: true, hasSynced: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.source.getSnapshot().state).toBe('idle');
  });

  it('remembers a first connection: losing it shows offline', async () => {
    const h = harness();
    h.source.subscribe(() => {});
    await h.ready();
    h.db().emit({ connected: true, hasSynced: true });
    h.db().emit({ hasSynced: true });
    // With a network, after the moment an error or a retry would need to follow.
    await vi.advanceTimersByTimeAsync(500);
    expect(h.source.getSnapshot().state).toBe('disconnected');
  });

  it('follows a recreated database and lets go of the old one', async () => {
    const h = harness();
    h.source.subscribe(() => {});
    await h.ready();
    const old = h.db();
    old.emit({ connected: true, hasSynced: true });
    h.reopening();
    expect(old.listeners.size).toBe(0);
    const fresh = new FakeDatabase();
    await h.ready(fresh);
    expect(fresh.listeners.size).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(h.source.getSnapshot().state).toBe('disconnected');
    fresh.emit({ connecting: true });
    expect(h.source.getSnapshot().state).toBe('connecting');
  });

  it('offers Reconnect only once a handler is plugged in, and calls it', async () => {
    const h = harness();
    const listener = vi.fn();
    h.source.subscribe(listener);
    const db = new FakeDatabase();
    db.currentStatus = status({ connecting: true });
    await h.ready(db);
    await vi.advanceTimersByTimeAsync(6000);
    expect(h.source.getSnapshot().showReconnect).toBe(false);

    const reconnect = vi.fn(async () => {});
    h.source.setReconnectHandler(reconnect);
    expect(h.source.getSnapshot().showReconnect).toBe(true);
    h.source.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(reconnect).toHaveBeenCalledTimes(1);

    h.source.setReconnectHandler(null);
    expect(h.source.getSnapshot().showReconnect).toBe(false);
  });

  it('a failing reconnect is logged, not thrown at the button', async () => {
    const h = harness();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    h.source.setReconnectHandler(() => {
      throw new Error('wedged');
    });
    h.source.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith('sync reconnect failed', expect.any(Error));
    warn.mockRestore();
  });

  it('gives useSyncExternalStore the same snapshot until something changes', async () => {
    const h = harness();
    h.source.subscribe(() => {});
    const first = h.source.getSnapshot();
    await h.ready();
    h.db().emit({ uploading: true });
    expect(h.source.getSnapshot()).toBe(first);
  });

  it('says the server is unreachable through the lifecycle\'s retries, and no more once connected', async () => {
    const h = harness();
    h.source.subscribe(() => {});
    await h.ready();
    h.db().emit({ connected: true, hasSynced: true });
    h.db().emit({ downloadError: new TypeError('Failed to fetch') });
    h.fail('Network error: Failed to fetch');
    expect(h.source.getSnapshot().state).toBe('unreachable');
    // A retry: a fresh engine, connecting, that knows nothing of the failure.
    h.db().emit({ connecting: true });
    h.db().emit({});
    expect(h.source.getSnapshot().state).toBe('unreachable');
    h.db().emit({ connected: true, hasSynced: true });
    h.fail(null);
    expect(h.source.getSnapshot().state).toBe('idle');
  });
});
