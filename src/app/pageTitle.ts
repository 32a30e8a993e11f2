import { useLayoutEffect, useSyncExternalStore } from 'react';
import type { LucideIcon } from 'lucide-react';
import { stageTitle } from './stage.js';

// Pages own their title but the header renders it; a tiny store lets them meet without prop drilling or context.

export const APP_NAME = 'Tagbook';

export interface PageHeading {
  /** '' when no page has set one (e.g. while a page is loading). */
  title: string;
  icon: LucideIcon | null;
  /** A line of context under the title (e.g. the vehicle a sub-page belongs to). */
  subtitle: string | null;
  /** Where Back goes instead of the previous page, when the page says so. */
  backTo: string | null;
}

export interface PageHeadingOptions {
  icon?: LucideIcon;
  subtitle?: string | null;
  backTo?: string | null;
}

/** The document's title for a page's title: 'Help · Tagbook' (stage-prefixed), or the app's name alone. */
export function documentTitle(pageTitle: string): string {
  return stageTitle(pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME);
}

const EMPTY: PageHeading = { title: '', icon: null, subtitle: null, backTo: null };

let heading: PageHeading = EMPTY;
const listeners = new Set<() => void>();

function setHeading(next: PageHeading): void {
  const same =
    next.title === heading.title &&
    next.icon === heading.icon &&
    next.subtitle === heading.subtitle &&
    next.backTo === heading.backTo;
  if (same) return;
  heading = next;
  document.title = documentTitle(next.title);
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getHeading(): PageHeading {
  return heading;
}

/** Sets the header (title, icon, subtitle, back target) and the document title while the calling page is mounted. */
export function usePageTitle(pageTitle: string, options: PageHeadingOptions = {}): void {
  const { icon = null, subtitle = null, backTo = null } = options;
  // Effects do not run where the server renders a page: the heading is noted as the page renders, for the header
  // the server puts around it (src/app/FirstAnswerFrame.tsx).
  rendered = { title: pageTitle, icon, subtitle, backTo };
  // Layout effect: the header must not paint the previous page's title for a frame.
  useLayoutEffect(() => {
    setHeading({ title: pageTitle, icon, subtitle, backTo });
    return () => setHeading(EMPTY);
  }, [pageTitle, icon, subtitle, backTo]);
}

let rendered: PageHeading = EMPTY;

/** The heading the page rendered last asked for (where the server renders a page), cleared for the next rendering. */
export function takeRenderedHeading(): PageHeading {
  const last = rendered;
  rendered = EMPTY;
  return last;
}

/** What the header shows for the current page. */
export function usePageHeading(): PageHeading {
  return useSyncExternalStore(subscribe, getHeading);
}
