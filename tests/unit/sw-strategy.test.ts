import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cacheName,
  isLiveTraffic,
  isOwnCache,
  isPageGroup,
  packOf,
  planPrecache,
  urlsOfGroup,
  type PrecachePack,
} from '../../sw/manifest.js';
import { NAVIGATION_TIMEOUT_MS, networkFirst, strategyFor, type RequestFacts } from '../../sw/strategy.js';

const origin = 'https://tagbook.example';
const get = (path: string, extra: Partial<RequestFacts> = {}): RequestFacts => ({
  method: 'GET',
  url: origin + path,
  mode: 'no-cors',
  hasRange: false,
  ...extra,
});

describe('which requests the service worker answers, and how', () => {
  it('never touches RPC, sync, blob, health or manifest traffic, whatever the mode', () => {
    for (const path of [
      '/rpc/tagbook.v1.AuthService/GetPowerSyncAuth',
      '/sync/stream',
      '/write-checkpoint2.json',
      '/blobs/abc?sig=1',
      '/healthz',
      '/.well-known/jwks.json',
      '/asset-manifest.json',
    ]) {
      expect(strategyFor(get(path), origin)).toBe('network');
      expect(strategyFor(get(path, { mode: 'navigate' }), origin)).toBe('network');
    }
  });

  it('leaves writes, range requests and other origins to the network', () => {
    expect(strategyFor(get('/assets/app.js', { method: 'POST' }), origin)).toBe('network');
    expect(strategyFor(get('/assets/app.js', { hasRange: true }), origin)).toBe('network');
    expect(strategyFor({ ...get('/x.js'), url: 'https://cdn.example/assets/x.js' }, origin)).toBe('network');
  });

  it('answers page loads network first with the shell as fallback', () => {
    for (const path of ['/', '/vehicle/', '/ABCD1234', '/no/such/page', '/index.html']) {
      expect(strategyFor(get(path, { mode: 'navigate' }), origin)).toBe('navigation');
    }
  });

  it('serves hashed assets cache first and other files of the build from the precache', () => {
    expect(strategyFor(get('/assets/chunk-ABC.js'), origin)).toBe('cache-first');
    expect(strategyFor(get('/assets/powersync-1/wa-sqlite-X.wasm'), origin)).toBe('cache-first');
    expect(strategyFor(get('/icons/icon-192.png'), origin)).toBe('precache-first');
    expect(strategyFor(get('/manifest.webmanifest'), origin)).toBe('precache-first');
  });

  it('knows live traffic by path only', () => {
    expect(isLiveTraffic('/rpcx')).toBe(false);
    expect(isLiveTraffic('/syncing')).toBe(false);
  });
});

describe('precache manifest helpers', () => {
  const manifest = {
    files: [
      { url: '/index.html', group: 'core' as const },
      { url: '/assets/powersync-1/wa-sqlite-A.wasm', group: 'opfs' as const },
      { url: '/assets/powersync-1/wa-sqlite-async-B.wasm', group: 'idb' as const },
    ],
  };

  it('lists a group', () => {
    expect(urlsOfGroup(manifest, 'core')).toEqual(['/index.html']);
    expect(urlsOfGroup(manifest, 'opfs')).toEqual(['/assets/powersync-1/wa-sqlite-A.wasm']);
    expect(urlsOfGroup(manifest, 'nope')).toEqual([]);
  });

  it('names one cache per build and recognises its own caches only', () => {
    expect(cacheName('abc')).toBe('tagbook-abc');
    expect(isOwnCache('tagbook-abc')).toBe(true);
    expect(isOwnCache('other-app')).toBe(false);
  });

  it('accepts only the groups a page may ask for: a storage, or the signed-in pages', () => {
    expect(isPageGroup('opfs')).toBe(true);
    expect(isPageGroup('idb')).toBe(true);
    expect(isPageGroup('member')).toBe(true);
    expect(isPageGroup('core')).toBe(false);
    expect(isPageGroup('__proto__')).toBe(false);
    expect(isPageGroup(undefined)).toBe(false);
  });

  it('finds each group its own pack, and none for the SQLite builds', () => {
    const core = { url: '/assets/precache-c.pack', files: [] };
    const member = { url: '/assets/precache-m.pack', files: [] };
    expect(packOf({ packs: { core, member } }, 'core')).toBe(core);
    expect(packOf({ packs: { core, member } }, 'member')).toBe(member);
    expect(packOf({ packs: { core, member } }, 'opfs')).toBeUndefined();
    expect(packOf({ packs: {} }, 'member')).toBeUndefined();
  });
});

describe('planPrecache: the pack or one file at a time', () => {
  const member = (url: string, offset: number, size: number) => ({ url, offset, size, type: 'text/javascript' });
  const pack: PrecachePack = {
    url: '/assets/precache-1.pack',
    files: [member('/assets/a.js', 0, 600), member('/assets/b.js', 600, 300), member('/assets/c.js', 900, 100)],
  };

  it('cuts a first visit out of the pack; files outside it are fetched alone', () => {
    const plan = planPrecache(['/index.html', '/assets/a.js', '/assets/b.js', '/assets/c.js'], pack);
    expect(plan.fromPack.map((m) => m.url)).toEqual(['/assets/a.js', '/assets/b.js', '/assets/c.js']);
    expect(plan.individually).toEqual(['/index.html']);
  });

  it('still takes the pack when at least half of its bytes are missing', () => {
    expect(planPrecache(['/assets/a.js'], pack).fromPack.map((m) => m.url)).toEqual(['/assets/a.js']);
  });

  it('after an update that changed little, fetches only the changed files, not the whole pack again', () => {
    expect(planPrecache(['/assets/b.js', '/assets/c.js'], pack)).toEqual({
      fromPack: [],
      individually: ['/assets/b.js', '/assets/c.js'],
    });
  });

  it('fetches everything alone when the build made no pack, and nothing when nothing is missing', () => {
    expect(planPrecache(['/assets/a.js'], undefined)).toEqual({ fromPack: [], individually: ['/assets/a.js'] });
    expect(planPrecache([], pack)).toEqual({ fromPack: [], individually: [] });
  });
});

describe('networkFirst', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const usable = (r: string) => !r.startsWith('5');
  const later = <T>(ms: number, value: T, fail = false) =>
    new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error('offline')) : resolve(value)), ms));

  it('returns the network answer when it comes in time', async () => {
    const fallback = vi.fn(async () => 'shell');
    const result = networkFirst(later(100, 'fresh'), usable, fallback, NAVIGATION_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe('fresh');
    expect(fallback).not.toHaveBeenCalled();
  });

  it('falls back at once when the network fails (offline)', async () => {
    const result = networkFirst(Promise.reject(new Error('offline')), usable, async () => 'shell', 3000);
    await expect(result).resolves.toBe('shell');
  });

  it('falls back on a server error answer', async () => {
    const result = networkFirst(Promise.resolve('502'), usable, async () => 'shell', 3000);
    await expect(result).resolves.toBe('shell');
  });

  it('falls back after 3 s on a hanging network', async () => {
    expect(NAVIGATION_TIMEOUT_MS).toBe(3000);
    let settled: string | undefined;
    const result = networkFirst(new Promise<string>(() => {}), usable, async () => 'shell', NAVIGATION_TIMEOUT_MS);
    void result.then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('shell');
  });

  it('without a fallback, keeps waiting for the network, and passes on its answer or error', async () => {
    const slow = networkFirst(later(5000, 'fresh'), usable, async () => undefined, 3000);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(slow).resolves.toBe('fresh');
    await expect(networkFirst(Promise.resolve('503'), usable, async () => undefined, 3000)).resolves.toBe('503');
    const failed = networkFirst(later(10, '', true), usable, async () => undefined, 3000);
    const assertion = expect(failed).rejects.toThrow('offline');
    await vi.advanceTimersByTimeAsync(10);
    await assertion;
  });
});
