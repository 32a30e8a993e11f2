/** The build's asset-manifest.json; the build also embeds its precache part into sw.js (see sw/globals.d.ts). */
export interface AssetManifest {
  version: string;
  digest: string;
  files: { url: string; size: number; group: PrecacheGroup | null }[];
  pack: PrecachePack | null;
}

/** "core" at install; a page adds the group of the storage it opened, so one visit never downloads both SQLite builds. */
export type PrecacheGroup = 'core' | 'opfs' | 'idb';
export const STORAGE_GROUPS: readonly PrecacheGroup[] = ['opfs', 'idb'];

export interface PrecacheManifest {
  version: string;
  digest: string;
  files: { url: string; group: PrecacheGroup }[];
  /** The "core" files that also come as one download; null when the build made none. */
  pack: PrecachePack | null;
}

/** Files concatenated into one hashed file: one request and one compression stream instead of one per file. */
export interface PrecachePack {
  url: string;
  files: PackMember[];
}

/** Where one file's bytes lie in the pack, and the type its response must declare (module scripts need theirs). */
export interface PackMember {
  url: string;
  offset: number;
  size: number;
  type: string;
}

export interface PrecachePlan {
  /** Members to cut out of one download of the pack (empty: the pack is not fetched). */
  fromPack: PackMember[];
  /** Files fetched one by one. */
  individually: string[];
}

/**
 * Which missing files come from the pack and which one by one. The pack pays when most of it is missing (a first
 * visit); after an update that changed a few chunks, the rest are copied from the older cache and only the changed
 * ones are fetched, rather than the whole pack again.
 */
export function planPrecache(missing: readonly string[], pack: PrecachePack | null): PrecachePlan {
  if (!pack) return { fromPack: [], individually: [...missing] };
  const inPack = new Map(pack.files.map((m) => [m.url, m]));
  const fromPack = missing.flatMap((url) => inPack.get(url) ?? []);
  const packBytes = pack.files.reduce((n, m) => n + m.size, 0);
  const missingBytes = fromPack.reduce((n, m) => n + m.size, 0);
  if (missingBytes * 2 < packBytes) return { fromPack: [], individually: [...missing] };
  return { fromPack, individually: missing.filter((url) => !inPack.has(url)) };
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
