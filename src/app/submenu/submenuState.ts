import { useSyncExternalStore } from 'react';

// The submenu shows one tab (navigation, workspace, actions) or is closed. Kept in a store on the critical path so the
// bottom bar can open the (lazily loaded) panel on the right tab.

export type SubmenuTab = 'navigation' | 'workspace' | 'actions';
export const SUBMENU_TABS: readonly SubmenuTab[] = ['navigation', 'workspace', 'actions'];

let open: SubmenuTab | null = null;
const listeners = new Set<() => void>();

export function setSubmenu(tab: SubmenuTab | null): void {
  if (tab === open) return;
  open = tab;
  for (const listener of [...listeners]) listener();
}

/** The bottom bar's buttons: open on that tab, or close when that tab is already showing. */
export function toggleSubmenu(tab: SubmenuTab): void {
  setSubmenu(open === tab ? null : tab);
}

export function getSubmenu(): SubmenuTab | null {
  return open;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSubmenu(): SubmenuTab | null {
  return useSyncExternalStore(subscribe, getSubmenu);
}
