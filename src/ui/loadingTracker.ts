import { useEffect, useSyncExternalStore } from 'react';

// Every loading state on screen registers here while it lasts, so one overlay can tell when loading takes too long.

let active: ReadonlyArray<{ key: symbol; since: number }> = [];
let starts: readonly number[] = [];
const listeners = new Set<() => void>();

function publish(): void {
  starts = active.map((entry) => entry.since);
  for (const listener of [...listeners]) listener();
}

/** Marks a loading state as started now; call the returned function when it ends. */
export function beginLoading(now: number = Date.now()): () => void {
  const key = Symbol('loading');
  active = [...active, { key, since: now }];
  publish();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    active = active.filter((entry) => entry.key !== key);
    publish();
  };
}

/** When each loading state still going started. */
export function getLoadingStarts(): readonly number[] {
  return starts;
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Counts the calling component as a loading state while it is mounted and `loading` is true. */
export function useLoadingState(loading = true): void {
  useEffect(() => (loading ? beginLoading() : undefined), [loading]);
}

export function useLoadingStarts(): readonly number[] {
  return useSyncExternalStore(subscribeLoading, getLoadingStarts);
}
