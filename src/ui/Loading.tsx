import { useLoadingState } from './loadingTracker.js';

/**
 * An inline spinner and its text, announced politely. Every one on screen counts as a loading state, so the
 * "taking too long" overlay notices a page chunk or a first query that never arrives.
 */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  useLoadingState();
  return (
    <p className="ui-loading app-page-loading" role="status">
      <span className="ui-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
