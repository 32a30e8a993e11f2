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
}

let items: readonly AppNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

export function pushNotification(n: Omit<AppNotification, 'id' | 'timestamp' | 'isRelevant'>): AppNotification {
  const item: AppNotification = { ...n, id: String(nextId++), timestamp: Date.now(), isRelevant: true };
  items = [item, ...items].slice(0, NOTIFICATION_LIMIT);
  for (const listener of [...listeners]) listener();
  return item;
}

export function dismissNotification(id: string): void {
  items = items.map((n) => (n.id === id ? { ...n, isRelevant: false } : n));
  for (const listener of [...listeners]) listener();
}

export function getNotifications(): readonly AppNotification[] {
  return items;
}

export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
