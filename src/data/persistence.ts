import {
  NOTICE_AFTER_WAITING_MS,
  showsPersistenceNotice,
  shouldAskForPersistence,
  type PersistenceRecord,
  type PersistenceTrigger,
} from './persistenceRules.js';

// Asks the browser to keep this origin's data when persistenceRules.ts says so, keeps its answer (localStorage:
// read before the database opens, shared by the tabs) and holds the state of the notice on the page. No SDK import:
// the storage choice at start asks through here before the database exists.

/** persist() may open a permission prompt (Firefox); nothing may wait on a person to answer it. */
export const PERSIST_REQUEST_TIMEOUT_MS = 1000;
const RECORD_KEY = 'tagbook.persistence';
const DISMISSED_KEY = 'tagbook.persistenceNoticeDismissedAt';

export interface PersistenceNoticeState {
  /** navigator.storage.persisted() when last looked at; null before that. */
  persisted: boolean | null;
  unsentChanges: number;
  visible: boolean;
}

let notice: PersistenceNoticeState = { persisted: null, unsentChanges: 0, visible: false };
/** Since when this tab has seen changes waiting without a break. */
let waitingSince: number | null = null;
/** Looks again once the changes have waited long enough to count. */
let recheck: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function storageManager(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null; // storage disabled or a damaged value: as if never written
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without localStorage the answer is asked for again at the next trigger; nothing worse.
  }
}

function readRecord(): PersistenceRecord | null {
  const value = readJson(RECORD_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const { askedAt, granted } = value as Record<string, unknown>;
  return typeof askedAt === 'number' && typeof granted === 'boolean' ? { askedAt, granted } : null;
}

function readDismissedAt(): number | null {
  const value = readJson(DISMISSED_KEY);
  return typeof value === 'number' ? value : null;
}

async function readPersisted(storage: StorageManager | undefined): Promise<boolean> {
  if (typeof storage?.persisted !== 'function') return false;
  return storage.persisted().catch(() => false);
}

function publish(next: PersistenceNoticeState): void {
  if (next.persisted === notice.persisted && next.unsentChanges === notice.unsentChanges && next.visible === notice.visible) return;
  notice = next;
  for (const listener of [...listeners]) listener();
}

/** Recomputes the notice from the browser's answer now; `unsentChanges` when known, else the last count. */
export async function refreshPersistenceNotice(unsentChanges = notice.unsentChanges): Promise<void> {
  const now = Date.now();
  if (unsentChanges === 0) waitingSince = null;
  else waitingSince ??= now;
  const persisted = await readPersisted(storageManager());
  const last = readRecord();
  const visible = showsPersistenceNotice({ persisted, last, waitingSince, dismissedAt: readDismissedAt(), now });
  if (recheck !== null) clearTimeout(recheck);
  recheck = null;
  if (!visible && waitingSince !== null && now - waitingSince < NOTICE_AFTER_WAITING_MS) {
    recheck = setTimeout(() => void refreshPersistenceNotice(), waitingSince + NOTICE_AFTER_WAITING_MS - now);
  }
  publish({ persisted, unsentChanges, visible });
}

/**
 * Asks for persisted storage when the rules say this moment is worth it, and keeps the answer whenever it comes.
 * Resolves to whether the storage is persisted, waiting at most PERSIST_REQUEST_TIMEOUT_MS for an answer (false
 * then, though a later yes still counts).
 */
export async function askForPersistence(trigger: PersistenceTrigger): Promise<boolean> {
  const storage = storageManager();
  const supported = typeof storage?.persist === 'function';
  const persisted = await readPersisted(storage);
  const now = Date.now();
  if (!supported || !shouldAskForPersistence({ supported, persisted, trigger, last: readRecord(), now })) return persisted;
  const answer = storage!.persist().then(
    (granted) => {
      writeJson(RECORD_KEY, { askedAt: now, granted } satisfies PersistenceRecord);
      void refreshPersistenceNotice();
      return granted;
    },
    () => false,
  );
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), PERSIST_REQUEST_TIMEOUT_MS);
    void answer.then((granted) => (clearTimeout(timer), resolve(granted)));
  });
}

/** The person closed the notice: it stays away until the browser refuses again. */
export function dismissPersistenceNotice(): void {
  writeJson(DISMISSED_KEY, Date.now());
  publish({ ...notice, visible: false });
}

export function getPersistenceNotice(): PersistenceNoticeState {
  return notice;
}

let watchingOtherTabs = false;

export function subscribePersistenceNotice(listener: () => void): () => void {
  // Another tab's answer or dismissal reaches this one through the shared record.
  if (!watchingOtherTabs && typeof window !== 'undefined') {
    watchingOtherTabs = true;
    window.addEventListener('storage', (event) => {
      if (event.key === RECORD_KEY || event.key === DISMISSED_KEY) void refreshPersistenceNotice();
    });
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
