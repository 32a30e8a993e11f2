import { useSyncExternalStore } from 'react';

// "A new version is ready": set by the service worker module (loaded after the first render) when a new worker is
// waiting, read by the notification bar on the critical path without pulling the worker code into it.

export interface UpdateNotice {
  ready: boolean;
  /** Dismissed from the bar for this page's life; the next start offers it again. */
  hidden: boolean;
  apply: (() => Promise<void>) | null;
}

let notice: UpdateNotice = { ready: false, hidden: false, apply: null };
const listeners = new Set<() => void>();

function set(next: UpdateNotice): void {
  notice = next;
  for (const listener of [...listeners]) listener();
}

export function announceUpdate(apply: () => Promise<void>): void {
  if (!notice.ready) set({ ready: true, hidden: false, apply });
}

export function hideUpdateNotice(): void {
  if (notice.ready && !notice.hidden) set({ ...notice, hidden: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateNotice(): UpdateNotice {
  return useSyncExternalStore(subscribe, () => notice);
}
