import { useEffect, useState } from 'react';
import { whenDatabaseReady } from './databaseState.js';

/**
 * Whether this device has completed a sync since its database was created. Until then a row missing locally may
 * only be still on its way (a vehicle a scanned tag leads to, say), so "not found" would be premature.
 */
export function useHasSynced(): boolean {
  const [synced, setSynced] = useState(false);
  useEffect(() => {
    let dispose: (() => void) | undefined;
    let live = true;
    whenDatabaseReady().then(
      (db) => {
        if (!live) return;
        if (db.currentStatus.hasSynced === true) return setSynced(true);
        dispose = db.registerListener({
          statusChanged: (status) => {
            if (status.hasSynced === true) setSynced(true);
          },
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
      dispose?.();
    };
  }, []);
  return synced;
}
