import { useSyncExternalStore } from 'react';
import type { SyncViewModel } from '../data/syncStatus/presentation.js';
import { getSyncStatusSnapshot, requestReconnect, subscribeSyncStatus } from '../data/syncStatusSource.js';
import { counted } from '../domain/counting.js';
import { useUnsentCount } from '../data/unsentChanges.js';
import { SyncStatusIcon } from './SyncStatusIcon.js';
import './syncStatus.css';

export interface SyncStatusViewProps {
  view: SyncViewModel;
  /** Changes written on this device that the server has not received yet. */
  waiting: number;
  onRefresh(): void;
  onReconnect(): void;
}

/**
 * The sync status bar, fixed at the bottom of every screen. The root and its live region stay mounted while idle so
 * the first state after idle is announced, and so tests can always read data-sync-state. It is a named region: the
 * bar sits outside <main>, and content outside any landmark is lost to screen-reader users moving by landmarks.
 */
export function SyncStatusView({ view, waiting, onRefresh, onReconnect }: SyncStatusViewProps) {
  return (
    <section className="sync-status" aria-label="Sync status" data-sync-state={view.state}>
      {view.toast !== null && (
        <div className="sync-status__toast" role="alert" data-sync-toast="">
          {view.toast}
        </div>
      )}
      <div className="sync-status__bar" data-color={view.color ?? undefined}>
        {view.icon !== null && <SyncStatusIcon icon={view.icon} />}
        <span className="sync-status__label" role="status" aria-live="polite">
          {view.label}
        </span>
        {waiting > 0 && view.label !== '' && (
          <span className="sync-status__waiting" data-sync-waiting={waiting}>
            {counted(waiting, 'change')} not sent yet
          </span>
        )}
        {view.progressPercent !== null && (
          <>
            <span
              className="sync-status__progress"
              role="progressbar"
              aria-label="Sync progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={view.progressPercent}
            >
              <span className="sync-status__progress-fill" style={{ width: `${view.progressPercent}%` }} />
            </span>
            <span className="sync-status__percent">{view.progressPercent}%</span>
          </>
        )}
        {(view.showRefresh || view.showReconnect) && (
          <span className="sync-status__actions">
            {view.showReconnect && (
              <button type="button" className="sync-status__action" data-action="sync-reconnect" onClick={onReconnect}>
                Reconnect
              </button>
            )}
            {view.showRefresh && (
              <button type="button" className="sync-status__action" data-action="sync-refresh" onClick={onRefresh}>
                Refresh
              </button>
            )}
          </span>
        )}
      </div>
    </section>
  );
}

function reloadPage() {
  window.location.reload();
}

export function SyncStatusBar() {
  const view = useSyncExternalStore(subscribeSyncStatus, getSyncStatusSnapshot);
  const waiting = useUnsentCount();
  return <SyncStatusView view={view} waiting={waiting} onRefresh={reloadPage} onReconnect={requestReconnect} />;
}
