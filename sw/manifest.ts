/** The build's asset-manifest.json; the build also embeds its precache part into sw.js (see sw/globals.d.ts). */
export interface AssetManifest {
  version: string;
  digest: string;
  files: { url: string; size: number; group: PrecacheGroup | null }[];
}

/** "core" at install; a page adds the group of the storage it opened, so one visit never downloads both SQLite builds. */
export type PrecacheGroup = 'core' | 'opfs' | 'idb';
export const STORAGE_GROUPS: readonly PrecacheGroup[] = ['opfs', 'idb'];

export interface PrecacheManifest {
  version: string;
  digest: string;
  files: { url: string; group: PrecacheGroup }[];
}

export const CACHE_PREFIX = 'tagbook-';

/** One cache per build: a new deploy fills its own cache and the old one is deleted on activate. */
export function cacheName(digest: string): string {
  return CACHE_PREFIX + digest;
}

export function isOwnCache(name: string): boolean {
  return name.startsWith(CACHE_PREFIX);
}

/** Traffic that must always reach the network: RPC, sync, blobs and health are live data, never shell. */
export function isLiveTraffic(pathname: string): boolean {
  return (
    pathname.startsWith('/rpc/') ||
    pathname.startsWith('/sync/') ||
    pathname.startsWith('/blobs/') ||
    pathname.startsWith('/.well-known/') ||
    pathname === '/write-checkpoint2.json' ||
    pathname === '/healthz' ||
    pathname === '/asset-manifest.json'
  );
}

export function urlsOfGroup(manifest: Pick<PrecacheManifest, 'files'>, group: string): string[] {
  return manifest.files.filter((f) => f.group === group).map((f) => f.url);
}

export function isStorageGroup(value: unknown): value is 'opfs' | 'idb' {
  return value === 'opfs' || value === 'idb';
}

/** Content-hashed names: a copy from any earlier build's cache is byte-for-byte right. */
export function isImmutableAsset(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}
