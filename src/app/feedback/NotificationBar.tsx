import { useState } from 'react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Download from 'lucide-react/icons/download';
import X from 'lucide-react/icons/x';
import { dismissNotification } from '../../data/notifications.js';
import { Button } from '../../ui/Button.js';
import { IconButton } from '../../ui/IconButton.js';
import { hideUpdateNotice, useUpdateNotice } from './updateNotice.js';
import { NotificationListDialog } from './NotificationListDialog.js';
import { useNotificationBar } from './useNotificationBar.js';

/**
 * The notification bar: one notification at a time over the notification list. A ready update offers
 * Reload; a failure offers Details (the list of the last 5) and can be dismissed.
 */
export function NotificationBar() {
  const item = useNotificationBar();
  const update = useUpdateNotice();
  const [listOpen, setListOpen] = useState(false);
  const [applying, setApplying] = useState(false);

  const reload = async () => {
    setApplying(true);
    try {
      await update.apply?.();
    } catch {
      // No worker to take over (it was already activated elsewhere): a plain reload fetches the new version.
      window.location.reload();
    }
  };

  return (
    <section className="notification-region" aria-label="Notifications">
      <div role="status" aria-live="polite">
        {item && (
          <div className="notification-bar" data-notification={item.id} data-severity={item.severity}>
            {item.source === 'update' ? (
              <Download className="notification-bar__icon" size={20} aria-hidden="true" />
            ) : (
              <CircleAlert className="notification-bar__icon" size={20} aria-hidden="true" />
            )}
            <span className="notification-bar__message">{item.message}</span>
            {item.source === 'update' ? (
              <Button variant="text" data-action="apply-update" busy={applying} onClick={() => void reload()}>
                Reload
              </Button>
            ) : (
              <Button variant="text" data-action="notification-details" onClick={() => setListOpen(true)}>
                Details
              </Button>
            )}
            <IconButton
              icon={X}
              label="Dismiss"
              iconSize={20}
              onClick={() => (item.source === 'update' ? hideUpdateNotice() : dismissNotification(item.entry.id))}
            />
          </div>
        )}
      </div>
      {listOpen && <NotificationListDialog onClose={() => setListOpen(false)} />}
    </section>
  );
}
