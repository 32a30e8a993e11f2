import { useSyncExternalStore } from 'react';
import { getNotifications, NOTIFICATION_LIMIT, subscribeNotifications } from '../../data/notifications.js';
import { Dialog } from '../../ui/Dialog.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/** The last few failures worth knowing about (at most 5), newest first. */
export function NotificationListDialog({ onClose }: { onClose: () => void }) {
  const items = useSyncExternalStore(subscribeNotifications, getNotifications);
  return (
    <Dialog title="Notifications" name="notifications" onClose={onClose}>
      <p className="ui-muted">The last {NOTIFICATION_LIMIT} problems on this device, newest first.</p>
      <ul className="ui-list" data-notification-list="">
        {items.map((n) => (
          <ListItem as="li" key={n.id} className="notification-entry" data-type={n.type} title={n.message}>
            <ListItemDetail>{timeFormat.format(n.timestamp)}</ListItemDetail>
            {n.details && <pre className="notification-entry__details">{n.details}</pre>}
          </ListItem>
        ))}
      </ul>
    </Dialog>
  );
}
