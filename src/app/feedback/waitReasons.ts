import { useEffect, useSyncExternalStore } from 'react';
import { getDatabaseState, subscribeDatabaseState, type DatabaseState } from '../../data/databaseState.js';
import { useOnline } from '../../data/online.js';
import type { SyncDisplayState } from '../../data/syncStatus/derive.js';
import { getSyncStatusSnapshot, subscribeSyncStatus } from '../../data/syncStatusSource.js';
import { setWaitReason } from '../../ui/waitReason.js';

/**
 * What a page still loading is waiting for, in a person's words: the first thing in the chain from this device to
 * the server that is not there yet. Null when nothing known holds it up (the page's own data is on its way).
 */
export function waitReason(facts: { database: DatabaseState['status']; sync: SyncDisplayState; progressPercent: number | null; online: boolean }): string | null {
  if (facts.database === 'opening') return "Opening this device's database (the first visit takes longest)…";
  if (facts.database === 'failed') return "This device's database could not open.";
  if (!facts.online) return 'No network: showing what this device holds; the rest comes when the network is back.';
  switch (facts.sync) {
    case 'connecting':
      return 'Connecting to the server…';
    case 'unreachable':
      return 'The server is not answering yet; still trying…';
    case 'initial-sync':
    case 'syncing':
      return facts.progressPercent === null ? 'Getting data from the server…' : `Getting data from the server… ${facts.progressPercent}%`;
    case 'error':
      return 'Sync has a problem: see the bar below.';
    default:
      return null;
  }
}

/** Keeps the kit's wait reason up to date with the database, the sync and the network; renders nothing. */
export function WaitReasonSource() {
  const database = useSyncExternalStore(subscribeDatabaseState, getDatabaseState, getDatabaseState).status;
  const sync = useSyncExternalStore(subscribeSyncStatus, getSyncStatusSnapshot, getSyncStatusSnapshot);
  const online = useOnline();
  const reason = waitReason({ database, sync: sync.state, progressPercent: sync.progressPercent, online });
  useEffect(() => setWaitReason(reason), [reason]);
  return null;
}
