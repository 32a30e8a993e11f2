import { useSyncExternalStore } from 'react';

// What the app is waiting for right now, in a person's words ('Opening this device's database…'): set by the app
// shell, which knows the database and the sync; read by every loading state that has lasted, so none is a bare
// spinner on a slow first visit.

let reason: string | null = null;
const listeners = new Set<() => void>();

export function setWaitReason(next: string | null): void {
  if (next === reason) return;
  reason = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWaitReason(): string | null {
  // Prerendered (build.mjs), the shell waits for nothing yet.
  return useSyncExternalStore(subscribe, () => reason, () => null);
}
