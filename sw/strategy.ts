import { isImmutableAsset, isLiveTraffic } from './manifest.js';

export type Strategy =
  /** Not ours to answer: the browser goes to the network as if there were no service worker. */
  | 'network'
  /** Page loads: network first, the cached shell when offline, failing or too slow. */
  | 'navigation'
  /** Hashed assets: cache, else network (and keep a copy). */
  | 'cache-first'
  /** Unhashed files of this build (icons, web app manifest): the precached copy, else the network. */
  | 'precache-first';

export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  hasRange: boolean;
}

export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== 'GET' || request.hasRange) return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || isLiveTraffic(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'navigation';
  return isImmutableAsset(url.pathname) ? 'cache-first' : 'precache-first';
}

/**
 * On a hanging network ("lie-fi": connected, nothing comes back) a phone would show a blank page until the browser
 * gives up, which takes minutes. The shell is the same document for every route, so after this long the cached one is
 * as good as a fresh one; 3 s is past a normal slow 3G response and well before people give up on a tap.
 */
export const NAVIGATION_TIMEOUT_MS = 3000;

/**
 * Network first, with a fallback when the network fails, answers with something unusable (a 5xx from a proxy while
 * the server restarts) or takes longer than timeoutMs. Without a fallback the network's own outcome stands, however
 * slow: there is nothing better to show.
 */
export async function networkFirst<R>(
  network: Promise<R>,
  usable: (response: R) => boolean,
  fallback: () => Promise<R | undefined>,
  timeoutMs: number,
): Promise<R> {
  const TIMEOUT = Symbol('timeout');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = network.then(
    (response) => ({ ok: usable(response), response }),
    () => ({ ok: false, response: undefined }),
  );
  const first = await Promise.race([
    settled,
    new Promise<typeof TIMEOUT>((resolve) => (timer = setTimeout(() => resolve(TIMEOUT), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (first !== TIMEOUT && first.ok) return first.response as R;
  const cached = await fallback();
  if (cached !== undefined) return cached;
  return network; // unusable or failed: the network's own answer (or error) is all there is
}
