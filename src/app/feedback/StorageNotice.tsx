import { useSyncExternalStore } from 'react';
import HardDrive from 'lucide-react/icons/hard-drive';
import X from 'lucide-react/icons/x';
import { dismissPersistenceNotice, getPersistenceNotice, subscribePersistenceNotice } from '../../data/persistence.js';
import { PERSISTENCE_NOTICE } from '../../data/persistenceRules.js';
import { IconButton } from '../../ui/IconButton.js';
import { Alert } from '../../ui/Alert.js';

/**
 * The calm note that unsent changes sit on storage the browser may clear (data/persistenceRules.ts decides when).
 * It sits at the top of the page, in its flow: it can stay for as long as a device is offline, so it must never
 * cover what a person works on. The wrapper is always there: a live region, and the facts the note was decided on
 * (is the storage persisted, how many changes wait) for anyone checking why it is absent.
 */
export function StorageNotice() {
  const state = useSyncExternalStore(subscribePersistenceNotice, getPersistenceNotice);
  return (
    <div
      className="storage-notice"
      role="status"
      data-storage-persisted={state.persisted ?? undefined}
      data-unsent-changes={state.unsentChanges}
    >
      {state.visible && (
        <Alert as="div" tone="info" className="storage-notice__alert" data-storage-notice="">
          <HardDrive className="storage-notice__icon" size={18} aria-hidden="true" />
          <span className="storage-notice__message">{PERSISTENCE_NOTICE}</span>
          <IconButton icon={X} label="Dismiss" iconSize={18} className="storage-notice__dismiss" onClick={dismissPersistenceNotice} />
        </Alert>
      )}
    </div>
  );
}
