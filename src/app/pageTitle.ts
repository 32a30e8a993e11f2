import { useLayoutEffect, useSyncExternalStore } from 'react';

// Pages own their title but the header renders it; a tiny store lets them meet without prop drilling or context.

export const APP_NAME = 'Tagbook';

let title = '';
const listeners = new Set<() => void>();

function setTitle(next: string): void {
  if (next === title) return;
  title = next;
  document.title = next ? `${next} · ${APP_NAME}` : APP_NAME;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getTitle(): string {
  return title;
}

/** Sets the header and document title while the calling page is mounted. */
export function usePageTitle(pageTitle: string): void {
  // Layout effect: the header must not paint the previous page's title for a frame.
  useLayoutEffect(() => {
    setTitle(pageTitle);
    return () => setTitle('');
  }, [pageTitle]);
}

/** The current page title, '' when no page has set one (e.g. while a page is loading). */
export function usePageTitleValue(): string {
  return useSyncExternalStore(subscribe, getTitle);
}
