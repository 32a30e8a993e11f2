import { useSyncExternalStore } from 'react';
import { INITIAL_HEADER, nextHeaderVisibility } from './headerVisibility.js';
import type { HeaderVisibility } from './headerVisibility.js';

// The window's scroll position fed through the pure rule of headerVisibility.ts. The header and the bottom bar hide
// and show together; 'Show menu' brings both back without scrolling.

let state: HeaderVisibility = INITIAL_HEADER;
const listeners = new Set<() => void>();

function set(next: HeaderVisibility): void {
  if (next.visible === state.visible && next.anchor === state.anchor) return;
  const changed = next.visible !== state.visible;
  state = next;
  if (changed) for (const listener of [...listeners]) listener();
}

function onScroll(): void {
  set(nextHeaderVisibility(state, window.scrollY));
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('scroll', onScroll, { passive: true });
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('scroll', onScroll);
  };
}

function getVisible(): boolean {
  return state.visible;
}

/** Shows the chrome where the page is now (the 'Show menu' tab); the next scroll run counts from here. */
export function showChrome(): void {
  set({ visible: true, anchor: window.scrollY });
}

export function useChromeVisible(): boolean {
  // A page rendered on the server shows its chrome.
  return useSyncExternalStore(subscribe, getVisible, () => true);
}
