/// <reference lib="webworker" />
import {
  PAGE_GROUPS,
  cacheName,
  isImmutableAsset,
  isOwnCache,
  isPageGroup,
  packOf,
  planPrecache,
  urlsOfGroup,
  type PackMember,
  type PrecacheGroup,
  type PrecachePack,
} from './manifest.js';
import { NAVIGATION_TIMEOUT_MS, networkFirst, strategyFor } from './strategy.js';

declare const self: ServiceWorkerGlobalScope;

const MANIFEST = __PRECACHE_MANIFEST__;
const CACHE = cacheName(MANIFEST.digest);
const SHELL_URL = '/index.html';
/** Remembers which groups a page asked for, so the next build's worker precaches them again at install. */
const groupMarker = (group: PrecacheGroup) => `/.sw-precached/${group}`;

async function olderCaches(): Promise<Cache[]> {
  const names = (await caches.keys()).filter((name) => isOwnCache(name) && name !== CACHE);
  return Promise.all(names.map((name) => caches.open(name)));
}

async function matchIn(list: Cache[], url: string): Promise<Response | undefined> {
  for (const cache of list) {
    const hit = await cache.match(url);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Copies into this build's cache the hashed files among `urls` that an earlier build's cache holds; returns those
 * still missing (unhashed ones always are: they must come from the server).
 */
async function copyFromOlderCaches(cache: Cache, urls: readonly string[]): Promise<string[]> {
  const older = await olderCaches();
  const missing: string[] = [];
  for (const url of urls) {
    if (await cache.match(url)) continue;
    const reused = isImmutableAsset(url) ? await matchIn(older, url) : undefined;
    if (reused) await cache.put(url, reused);
    else missing.push(url);
  }
  return missing;
}

/** Fills this build's cache with a group; hashed files already cached by an earlier build are copied, not fetched. */
async function precache(group: PrecacheGroup): Promise<void> {
  const cache = await caches.open(CACHE);
  const missing = await copyFromOlderCaches(cache, urlsOfGroup(MANIFEST, group));
  const pack = packOf(MANIFEST, group);
  const plan = planPrecache(missing, pack);
  if (pack && plan.fromPack.length > 0) await unpack(cache, pack, plan.fromPack);
  // Unhashed files (the shell) must come from the server, not from a possibly stale HTTP cache.
  await cache.addAll(
    plan.individually.map((url) => new Request(url, { cache: isImmutableAsset(url) ? 'default' : 'no-cache' })),
  );
  await cache.put(groupMarker(group), new Response(''));
}

/** One download of the pack, cut into a cached response per member under the member's own URL. */
async function unpack(cache: Cache, pack: PrecachePack, members: PackMember[]): Promise<void> {
  const response = await fetch(pack.url);
  if (!response.ok) throw new Error(`precache: ${pack.url} answered ${response.status}`);
  const body = await response.arrayBuffer();
  const end = pack.files.reduce((n, m) => Math.max(n, m.offset + m.size), 0);
  if (body.byteLength !== end) throw new Error(`precache: ${pack.url} is ${body.byteLength} bytes, not ${end}`);
  await Promise.all(
    members.map((m) =>
      cache.put(m.url, new Response(body.slice(m.offset, m.offset + m.size), { headers: { 'content-type': m.type } })),
    ),
  );
}

async function pageGroupsOfOlderCaches(): Promise<PrecacheGroup[]> {
  const older = await olderCaches();
  const found: PrecacheGroup[] = [];
  for (const group of PAGE_GROUPS) if (await matchIn(older, groupMarker(group))) found.push(group);
  return found;
}

self.addEventListener('install', (event) => {
  // An update must not leave a device that stores its data in OPFS without the OPFS build of SQLite offline, nor a
  // member's device without the signed-in pages.
  event.waitUntil(
    (async () => {
      for (const group of ['core' as const, ...(await pageGroupsOfOlderCaches())]) await precache(group);
      // An update never drops what the device already had offline (pages it opened before they formed a group of
      // their own, or a group it was still fetching): every file of this build an older cache holds is copied over.
      await copyFromOlderCaches(await caches.open(CACHE), MANIFEST.files.map((f) => f.url));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (isOwnCache(name) && name !== CACHE) await caches.delete(name);
      // Starts the navigation request while this worker boots, so network-first costs no extra round of start-up.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

type Message = { type?: unknown; group?: unknown } | null;

self.addEventListener('message', (event) => {
  const data = event.data as Message;
  const reply = (message: unknown) => event.ports[0]?.postMessage(message);
  if (data?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  } else if (data?.type === 'CLAIM') {
    event.waitUntil(self.clients.claim());
  } else if (data?.type === 'PRECACHE' && isPageGroup(data.group)) {
    const group = data.group;
    event.waitUntil(
      precache(group).then(
        () => reply({ type: 'PRECACHED', group }),
        (err: unknown) => reply({ type: 'PRECACHE_FAILED', group, error: String(err) }),
      ),
    );
  } else if (data?.type === 'RESET') {
    event.waitUntil(
      (async () => {
        for (const name of await caches.keys()) if (isOwnCache(name)) await caches.delete(name);
        reply({ type: 'RESET_DONE' });
      })(),
    );
  }
});

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // Lazily loaded chunks join this build's cache, so a page visited once online also opens offline.
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function precacheFirst(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request);
}

function navigation(event: FetchEvent): Promise<Response> {
  const network = (async () => ((await event.preloadResponse) as Response | undefined) ?? fetch(event.request))();
  // Keeps the event alive past a timed-out race so the preload is not cancelled mid-flight (a console warning).
  event.waitUntil(network.catch(() => undefined));
  return networkFirst(
    network,
    (response) => response.status < 500,
    async () => caches.match(SHELL_URL, { cacheName: CACHE }),
    NAVIGATION_TIMEOUT_MS,
  ).catch(() => Response.error());
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyFor(
    { method: request.method, url: request.url, mode: request.mode, hasRange: request.headers.has('range') },
    self.location.origin,
  );
  if (strategy === 'navigation') event.respondWith(navigation(event));
  else if (strategy === 'cache-first') event.respondWith(cacheFirst(request));
  else if (strategy === 'precache-first') event.respondWith(precacheFirst(request));
});
