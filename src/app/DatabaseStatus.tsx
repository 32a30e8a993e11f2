import { useSyncExternalStore } from 'react';
import { getDatabaseState, subscribeDatabaseState } from '../data/databaseState.js';
import { Button } from '../ui/Button.js';
import { Alert } from '../ui/Alert.js';

/**
 * Exposes the local database's state to people (an error they can act on) and to tests (data-db on the root).
 * Opening never blocks the shell; only a failure is worth showing.
 */
export function DatabaseStatus() {
  const state = useSyncExternalStore(subscribeDatabaseState, getDatabaseState);
  return (
    <div className="database-status" data-db={state.status} data-storage={state.status === 'ready' ? state.storage : undefined}>
      {state.status === 'failed' && (
        <Alert as="div" tone="error" className="database-status__error">
          <span>
            <strong>The local database could not start.</strong> {state.error}
          </span>
          <Button variant="secondary" onClick={() => location.reload()}>
            Reload
          </Button>
        </Alert>
      )}
    </div>
  );
}
