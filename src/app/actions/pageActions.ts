import { useEffect, useSyncExternalStore } from 'react';
import type { LucideIcon } from 'lucide-react';

// The page's own contextual actions, listed first in the Actions tab. A page declares them while mounted with
// usePageActions([...]); the last page to mount wins (nested routes: the innermost page).

export interface PageAction {
  /** Stable name, also rendered as data-page-action for tests. */
  id: string;
  label: string;
  icon: LucideIcon;
  run: () => void;
}

let stack: Array<{ key: symbol; actions: readonly PageAction[] }> = [];
let current: readonly PageAction[] = [];
const listeners = new Set<() => void>();

function publish(): void {
  current = stack[stack.length - 1]?.actions ?? [];
  for (const listener of [...listeners]) listener();
}

/** Registers `actions` until `unregister()` is called; exported for code outside React. */
export function registerPageActions(actions: readonly PageAction[]): () => void {
  const key = Symbol('page-actions');
  stack = [...stack, { key, actions }];
  publish();
  return () => {
    stack = stack.filter((entry) => entry.key !== key);
    publish();
  };
}

/** Offers `actions` in the Actions tab while the calling page is mounted. Pass a stable (memoised) array. */
export function usePageActions(actions: readonly PageAction[]): void {
  useEffect(() => registerPageActions(actions), [actions]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPageActions(): readonly PageAction[] {
  return current;
}

export function useCurrentPageActions(): readonly PageAction[] {
  return useSyncExternalStore(subscribe, getPageActions, getPageActions);
}
