import { useEffect, useState } from 'react';
import { useLoadingState } from './loadingTracker.js';
import { useWaitReason } from './waitReason.js';

/** How long a loading state shows its label alone before it also says what the app is waiting for. */
export const WAIT_REASON_AFTER_MS = 1500;

/**
 * An inline spinner and its text, announced politely. Every one on screen counts as a loading state, so the
 * "taking too long" overlay notices a page chunk or a first query that never arrives. One that lasts says what the
 * app is waiting for (the database, the server, the network), never a bare spinner.
 */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  useLoadingState();
  const reason = useWaitReason();
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLasting(true), WAIT_REASON_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p className="ui-loading app-page-loading" role="status">
      <span className="ui-spinner" aria-hidden="true" />
      <span className="ui-loading__text">
        <span>{label}</span>
        {lasting && reason !== null && (
          <span className="ui-loading__reason" data-wait-reason="">
            {reason}
          </span>
        )}
      </span>
    </p>
  );
}
