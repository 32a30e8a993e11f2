/** The build's asset-manifest.json; the build also embeds its precache part into sw.js (see sw/globals.d.ts). */
export interface AssetManifest {
  version: string;
  digest: string;
  files: { url: string; size: number; group: PrecacheGroup | null }[];
  packs: PrecachePacks;
}

/**
 * "core" at install. A page adds the group of the storage it opened, so one visit never downloads both SQLite builds,
 * and "member" while someone is signed in: the pages and sections only signed-in people open (src/app/routeModules.ts
 * MEMBER_MODULES), so an anonymous visitor who scanned a tag does not download every editor.
 */
export type PrecacheGroup = 'core' | PageGroup;
/** The groups a page asks for; a new build's worker precaches again those an older one had been asked for. */
export type PageGroup = 'member' | 'opfs' | 'idb';
export const PAGE_GROUPS: readonly PageGroup[] = ['member', 'opfs', 'idb'];

/** The groups whose chunks also come as one download each (the build packs core and member, never a storage). */
export type PrecachePacks = Partial<Record<PrecacheGroup, PrecachePack>>;

export interface PrecacheManifest {
  version: string;
  digest: string;
  files: { url: string; group: PrecacheGroup }[];
  packs: PrecachePacks;
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
export function planPrecache(missing: readonly string[], pack: PrecachePack | undefined): PrecachePlan {
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

export function isPageGroup(value: unknown): value is PageGroup {
  return PAGE_GROUPS.includes(value as PageGroup);
}

export function packOf(manifest: Pick<PrecacheManifest, 'packs'>, group: PrecacheGroup): PrecachePack | undefined {
  return manifest.packs[group];
}

/** Content-hashed names: a copy from any earlier build's cache is byte-for-byte right. */
export function isImmutableAsset(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}
