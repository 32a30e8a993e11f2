import { useEffect, useState, useSyncExternalStore } from 'react';
import { getNotifications, subscribeNotifications, type AppNotification } from '../../data/notifications.js';
import { barShowsAt, currentNotification, isBarVisible, nextBarTiming, NO_BAR } from './notificationRules.js';
import type { BarNotification } from './notificationRules.js';
import { useUpdateNotice } from './updateNotice.js';

export const UPDATE_NOTIFICATION_ID = 'app-update';
export const UPDATE_MESSAGE = 'A new version is ready';

export type BarItem = BarNotification & { source: 'update' } | BarNotification & { source: 'list'; entry: AppNotification };

/** The bar's candidates in order: a ready update first, then the notification list (newest first). */
function useBarItems(): BarItem[] {
  const update = useUpdateNotice();
  const list = useSyncExternalStore(subscribeNotifications, getNotifications);
  return [
    {
      source: 'update',
      id: UPDATE_NOTIFICATION_ID,
      message: UPDATE_MESSAGE,
      severity: 'info',
      show: update.ready,
      hide: update.hidden,
    },
    ...list.map((entry): BarItem => ({
      source: 'list',
      entry,
      id: `list-${entry.id}`,
      message: entry.message,
      severity: 'error',
      show: entry.show,
      hide: entry.hide,
    })),
  ];
}

/** The notification the bar shows now, or null; it appears once it has been the current one for 1 s. */
export function useNotificationBar(): BarItem | null {
  const current = currentNotification(useBarItems());
  const currentId = current?.id ?? null;
  const [timing, setTiming] = useState(NO_BAR);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setTiming((previous) => nextBarTiming(previous, currentId, Date.now()));
  }, [currentId]);

  useEffect(() => {
    const at = barShowsAt(timing);
    if (at === null) return;
    const wait = at - Date.now();
    if (wait <= 0) {
      setNow(Date.now());
      return;
    }
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [timing]);

  return current !== null && timing.id === current.id && isBarVisible(timing, now) ? current : null;
}
