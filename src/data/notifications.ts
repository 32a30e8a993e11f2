import { getSession } from '../rpc/session.js';

// The notification error list: the last few failures worth telling someone about (sync credentials,
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

/**
 * Which failures every tab of the person is told of: a refused change was undone in the one local database all tabs
 * share, but only the tab whose connector ran the upload (any of them, with a shared sync worker) hears the answer,
 * and the tab where the change was made may be another. Retried failures stay with their tab: every tab's sync bar
 * already shows the state they leave.
 */
function sharedWithTabs(type: AppNotification['type']): boolean {
  return type === 'rejected';
}

export const NOTIFICATIONS_CHANNEL = 'tagbook-notifications';

type NewNotification = Omit<AppNotification, 'id' | 'timestamp' | 'isRelevant' | 'show' | 'hide'>;
type SharedNotification = NewNotification & { timestamp: number };
type TabMessage = { type: 'notification'; userId: string; notification: SharedNotification };

let items: readonly AppNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function add(n: SharedNotification): AppNotification {
  const item: AppNotification = { ...n, id: String(nextId++), isRelevant: true, show: raisesBar(n.type), hide: false };
  items = [item, ...items].slice(0, NOTIFICATION_LIMIT);
  for (const listener of [...listeners]) listener();
  return item;
}

/**
 * The notification another tab sent, if this tab is to show it: a shared kind, well formed, and of the person
 * signed in here (never one of someone who signed out since, nor to a tab where nobody is signed in).
 */
export function readTabMessage(data: unknown, userId: string | null): SharedNotification | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Partial<TabMessage>;
  if (m.type !== 'notification' || userId === null || m.userId !== userId) return null;
  const n = m.notification as Partial<SharedNotification> | undefined;
  if (typeof n !== 'object' || n === null || n.type === undefined || !sharedWithTabs(n.type)) return null;
  if (typeof n.message !== 'string' || typeof n.timestamp !== 'number') return null;
  if (n.details !== undefined && typeof n.details !== 'string') return null;
  return { type: n.type, message: n.message, timestamp: n.timestamp, ...(n.details === undefined ? {} : { details: n.details }) };
}

// Opened by the first subscriber (the notification bar, in every tab) or the first notification.
function openChannel(): void {
  if (channel !== null || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(NOTIFICATIONS_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const n = readTabMessage(event.data, getSession()?.userId ?? null);
    if (n !== null) add(n);
  };
}

export function pushNotification(n: NewNotification): AppNotification {
  openChannel();
  const shared: SharedNotification = { ...n, timestamp: Date.now() };
  const userId = getSession()?.userId;
  if (sharedWithTabs(n.type) && userId !== undefined) {
    const message: TabMessage = { type: 'notification', userId, notification: shared };
    channel?.postMessage(message);
  }
  return add(shared);
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
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
