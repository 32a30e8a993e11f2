import { useEffect, useState, useSyncExternalStore } from 'react';
import Hourglass from 'lucide-react/icons/hourglass';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { getDatabaseState, subscribeDatabaseState } from '../../data/databaseState.js';
import { Button } from '../../ui/Button.js';
import { isOverlayShown, overlayDueAt } from './overlayTiming.js';
import { beginLoading, useLoadingStarts } from '../../ui/loadingTracker.js';
import { resetApp } from './resetApp.js';

/** The local database opening is a loading state of its own, whichever page is showing. */
function useDatabaseOpeningCounts(): void {
  const opening = useSyncExternalStore(subscribeDatabaseState, getDatabaseState).status === 'opening';
  useEffect(() => (opening ? beginLoading() : undefined), [opening]);
}

/**
 * The loading overlay: 'Oh no... It's taking too long...' once something has been loading for 5 s, with a way
 * out (reset the app and reload) and a way to keep waiting. It leaves the page usable underneath.
 */
export function LoadingOverlay() {
  useDatabaseOpeningCounts();
  const starts = useLoadingStarts();
  const [now, setNow] = useState(() => Date.now());
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [resetting, setResetting] = useState(false);

  useEffect(() => {
    const due = overlayDueAt(dismissedAt === null ? starts : starts.filter((t) => t > dismissedAt));
    if (due === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, due - Date.now()));
    return () => window.clearTimeout(timer);
  }, [starts, dismissedAt]);

  if (!isOverlayShown(starts, Math.max(now, Date.now()), dismissedAt)) return null;
  return (
    <div className="loading-overlay" data-loading-overlay="">
      <section className="loading-overlay__card ui-card" aria-labelledby="loading-overlay-title">
        <Hourglass className="loading-overlay__icon" size={32} aria-hidden="true" />
        <div role="alert">
          <h2 id="loading-overlay-title">Oh no... It's taking too long...</h2>
          <p className="ui-muted">
            A slow or lost connection can hold things up. Resetting reloads the latest version of the app; your data
            on this device is kept.
          </p>
        </div>
        <div className="ui-button-row">
          <Button
            icon={RotateCcw}
            busy={resetting}
            data-action="reset-app"
            onClick={() => {
              setResetting(true);
              void resetApp();
            }}
          >
            Reset and reload
          </Button>
          <Button variant="secondary" data-action="keep-waiting" onClick={() => setDismissedAt(Date.now())}>
            Keep waiting
          </Button>
        </div>
      </section>
    </div>
  );
}
