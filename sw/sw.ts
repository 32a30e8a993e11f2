/// <reference lib="webworker" />
import { isLiveTraffic, urlsOfGroup, type AssetManifest } from './manifest.js';

declare const self: ServiceWorkerGlobalScope;

const CACHE_PREFIX = 'tagbook-';
const SHELL_URL = '/index.html';

async function loadManifest(): Promise<AssetManifest> {
  const res = await fetch('/asset-manifest.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`asset manifest: HTTP ${res.status}`);
  return (await res.json()) as AssetManifest;
}

async function precache(manifest: AssetManifest, group: string): Promise<void> {
  const cache = await caches.open(CACHE_PREFIX + manifest.digest);
  const urls = urlsOfGroup(manifest, group);
  const missing: string[] = [];
  for (const url of urls) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
}

self.addEventListener('install', (event) => {
  event.waitUntil(loadManifest().then((m) => precache(m, 'core')));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const manifest = await loadManifest().catch(() => null);
      if (manifest) {
        const keep = CACHE_PREFIX + manifest.digest;
        for (const key of await caches.keys()) if (key.startsWith(CACHE_PREFIX) && key !== keep) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; group?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'PRECACHE' && (data.group === 'opfs' || data.group === 'idb')) {
    event.waitUntil(loadManifest().then((m) => precache(m, data.group!)));
  }
});

async function fromCache(request: Request | string): Promise<Response | undefined> {
  return caches.match(request, { ignoreSearch: false });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLiveTraffic(url.pathname)) return;

  if (request.mode === 'navigate') {
    // Network first so a deploy shows at once; the cached shell keeps the app opening offline.
    event.respondWith(
      fetch(request).catch(async () => (await fromCache(SHELL_URL)) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Content-hashed: a cached copy is always right.
    event.respondWith(
      (async () => {
        const cached = await fromCache(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) {
          const keys = (await caches.keys()).filter((k) => k.startsWith(CACHE_PREFIX));
          const newest = keys[keys.length - 1];
          if (newest) await (await caches.open(newest)).put(request, response.clone());
        }
        return response;
      })(),
    );
  }
});
