// The notification error list of SPEC §3: the last few failures worth telling someone about (sync credentials,
// uploads, refused changes). Newest first, at most 5.
export const NOTIFICATION_LIMIT = 5;

export interface AppNotification {
  id: string;
  message: string;
  type: 'auth' | 'upload' | 'download' | 'rejected';
  timestamp: number;
  isRelevant: boolean;
  details?: string;
  /** Worth raising in the notification bar, not only keeping in the list. */
  show: boolean;
  /** The person dismissed it from the bar. */
  hide: boolean;
}

/**
 * Which failures raise the notification bar: a refused change was undone on this device, which nobody would notice
 * otherwise. Credential and upload failures are retried on their own and the sync bar already shows them; they stay
 * in the list.
 */
function raisesBar(type: AppNotification['type']): boolean {
  return type === 'rejected';
}

let items: readonly AppNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

export function pushNotification(
  n: Omit<AppNotification, 'id' | 'timestamp' | 'isRelevant' | 'show' | 'hide'>,
): AppNotification {
  const item: AppNotification = {
    ...n,
    id: String(nextId++),
    timestamp: Date.now(),
    isRelevant: true,
    show: raisesBar(n.type),
    hide: false,
  };
  items = [item, ...items].slice(0, NOTIFICATION_LIMIT);
  for (const listener of [...listeners]) listener();
  return item;
}

/** Hides it from the bar; it stays in the list, no longer marked relevant. */
export function dismissNotification(id: string): void {
  items = items.map((n) => (n.id === id ? { ...n, isRelevant: false, hide: true } : n));
  for (const listener of [...listeners]) listener();
}

export function getNotifications(): readonly AppNotification[] {
  return items;
}

export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
