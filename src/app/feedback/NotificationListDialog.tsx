import { useSyncExternalStore } from 'react';
import { getNotifications, NOTIFICATION_LIMIT, subscribeNotifications } from '../../data/notifications.js';
import { Dialog } from '../../ui/Dialog.js';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/** The last few failures worth knowing about (at most 5), newest first. */
export function NotificationListDialog({ onClose }: { onClose: () => void }) {
  const items = useSyncExternalStore(subscribeNotifications, getNotifications);
  return (
    <Dialog title="Notifications" name="notifications" onClose={onClose}>
      <p className="ui-muted">The last {NOTIFICATION_LIMIT} problems on this device, newest first.</p>
      <ul className="ui-list" data-notification-list="">
        {items.map((n) => (
          <li key={n.id} className="ui-list-item notification-entry" data-type={n.type}>
            <span className="ui-list-item__text">
              <span className="ui-list-item__title">{n.message}</span>
              <span className="ui-list-item__detail">{timeFormat.format(n.timestamp)}</span>
              {n.details && <pre className="notification-entry__details">{n.details}</pre>}
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
