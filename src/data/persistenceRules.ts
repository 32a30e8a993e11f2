// Persisted storage (navigator.storage.persist()): without it the browser may clear this origin's data when the
// device runs low on space, and with it whatever changes have not reached the server yet. The rules of when to ask
// and when to tell the person it was refused, pure; persistence.ts does the asking and keeps the answers.

/** A refusal is asked about again only this much later, so a browser that prompts (Firefox) is not made to nag. */
export const ASK_AGAIN_AFTER_MS = 24 * 60 * 60 * 1000;

/** What the notice at the top of the page says while refused storage holds unsent changes. */
export const PERSISTENCE_NOTICE =
  'Changes not yet sent are kept on this device, but this browser may clear them if it runs low on space.';

/**
 * Changes count as waiting once they have not been sent for this long: online, an upload takes a moment, and the
 * notice must not flash on the page at every change.
 */
export const NOTICE_AFTER_WAITING_MS = 10_000;

/** The browser's last answer to persist(), kept across reloads and shared by the tabs. */
export interface PersistenceRecord {
  askedAt: number;
  granted: boolean;
}

/** The moments the answer matters: a device's first start, a person signing in, writes waiting to be sent. */
export type PersistenceTrigger = 'first-start' | 'sign-in' | 'writes-waiting';

export function shouldAskForPersistence(s: {
  /** The browser has navigator.storage.persist(). */
  supported: boolean;
  /** navigator.storage.persisted() now. */
  persisted: boolean;
  trigger: PersistenceTrigger;
  last: PersistenceRecord | null;
  now: number;
}): boolean {
  if (!s.supported || s.persisted) return false;
  // A first start and a sign-in happen rarely and are when a device takes on a person's data: always worth asking.
  if (s.trigger !== 'writes-waiting') return true;
  // Storage granted once and persisted no more was taken back: the question is new.
  return s.last === null || s.last.granted || s.now - s.last.askedAt >= ASK_AGAIN_AFTER_MS;
}

/**
 * The notice shows while the browser said no and changes wait to be sent: only they would be lost for good, as
 * everything else comes back from the server. Dismissed, it returns only after a later refusal.
 */
export function showsPersistenceNotice(s: {
  persisted: boolean;
  last: PersistenceRecord | null;
  /** Since when changes have been waiting to be sent without a break; null while none wait. */
  waitingSince: number | null;
  dismissedAt: number | null;
  now: number;
}): boolean {
  if (s.persisted || s.last === null || s.last.granted) return false;
  if (s.waitingSince === null || s.now - s.waitingSince < NOTICE_AFTER_WAITING_MS) return false;
  return s.dismissedAt === null || s.dismissedAt < s.last.askedAt;
}
