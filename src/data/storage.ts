import { WASQLiteVFS } from '@powersync/web';

export type StorageKind = 'opfs' | 'idb';

/** What the storage decision depends on, gathered by the caller so the rule itself stays pure. */
export interface StorageInputs {
  opfsAvailable: boolean;
  sharedWorkerAvailable: boolean;
  mobile: boolean;
}

export interface StorageChoice {
  kind: StorageKind;
  vfs: WASQLiteVFS;
  enableMultiTabs: boolean;
}

/**
 * OPFS through OPFSCoopSyncVFS where the browser has it (smaller wasm, faster), IndexedDB otherwise. Never
 * AccessHandlePoolVFS: it breaks as soon as a second tab opens the same database.
 */
export function chooseStorage(inputs: StorageInputs): StorageChoice {
  const enableMultiTabs = inputs.sharedWorkerAvailable && !inputs.mobile;
  if (inputs.opfsAvailable) return { kind: 'opfs', vfs: WASQLiteVFS.OPFSCoopSyncVFS, enableMultiTabs };
  return { kind: 'idb', vfs: WASQLiteVFS.IDBBatchAtomicVFS, enableMultiTabs };
}

export function readStorageInputs(): StorageInputs {
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  return {
    opfsAvailable: typeof nav.storage?.getDirectory === 'function',
    sharedWorkerAvailable: typeof SharedWorker !== 'undefined',
    mobile: nav.userAgentData?.mobile ?? /Android|iPhone|iPad|Mobile/i.test(nav.userAgent),
  };
}
