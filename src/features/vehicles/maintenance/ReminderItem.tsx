import { useState } from 'react';
import Bell from 'lucide-react/icons/bell';
import BellOff from 'lucide-react/icons/bell-off';
import Check from 'lucide-react/icons/check';
import Trash2 from 'lucide-react/icons/trash-2';
import type { DistanceUnit } from '../../../domain/odometer.js';
import type { CompletionRow } from '../../../entities/maintenance/queries.js';
import type { ReminderView } from '../../../entities/maintenance/status.js';
import { dueLeft, dueWhen, formatDistance } from '../../../entities/maintenance/format.js';
import { ReminderStateChip } from '../../../entities/maintenance/ReminderStateChip.js';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { IconButton } from '../../../ui/IconButton.js';
import { UnsentMark } from '../../../ui/UnsentMark.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { removeReminder, setReminderEmail } from '../data/maintenanceWrites.js';
import { formatCalendarDate } from '../format.js';
import { MarkDoneDialog } from './MarkDoneDialog.js';

function interval(view: ReminderView, unit: DistanceUnit): string | null {
  const { every_months: months, every_distance: distance, distance_unit: from } = view.rule;
  const parts = [
    distance === null ? null : formatDistance(distance, from, unit),
    months === null ? null : `${months} ${months === 1 ? 'month' : 'months'}`,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : `Every ${parts.join(' or ')}`;
}

/** One reminder: what, its state, when it is due, and (for those who can edit) done, mail on/off and remove. */
export function ReminderItem({
  view,
  unit,
  userId,
  editable,
  completions,
  today,
}: {
  view: ReminderView;
  unit: DistanceUnit;
  userId: string | null;
  editable: boolean;
  completions: readonly CompletionRow[];
  today: string;
}) {
  const [dialog, setDialog] = useState<'done' | 'remove' | null>(null);
  const { rule, status, row } = view;
  const times = completions.filter((c) => c.reminder_id === rule.id).length;
  const repeat = interval(view, unit);
  const emailOn = !!row.email;
  const toggleEmail = () =>
    setReminderEmail(rule.id, !emailOn).then(
      () => showSnackbar({ severity: 'success', message: emailOn ? 'No more mails for this reminder.' : 'You will get a mail when it is due.' }),
      (error: unknown) => {
        console.error('Could not change the reminder', error);
        showSnackbar({ severity: 'error', message: 'It could not be changed. Try again.' });
      },
    );
  return (
    <li className="maintenance-item" data-reminder={rule.id} data-state={status.state}>
      <div className="maintenance-item__main">
        <span className="maintenance-item__title">
          {rule.title} <ReminderStateChip state={status.state} />
        </span>
        {status.state !== 'done' && (
          <span className="maintenance-item__due" data-due="">
            Due {dueWhen(status, rule.distance_unit, unit)} <span className="ui-muted">({dueLeft(status, rule.distance_unit, unit)})</span>
          </span>
        )}
        <span className="ui-muted">
          {[repeat ?? 'Once', status.lastDone ? `last done ${formatCalendarDate(status.lastDone.done_on)}${times > 1 ? ` (${times} times)` : ''}` : null]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <UnsentMark table="vehicle_reminders" id={rule.id} />
      </div>
      {editable && userId !== null && (
        <div className="maintenance-item__actions">
          {status.state !== 'done' && (
            <Button variant="secondary" icon={Check} onClick={() => setDialog('done')} data-action="mark-done">
              Done
            </Button>
          )}
          <IconButton
            icon={emailOn ? Bell : BellOff}
            label={emailOn ? `Stop mails for ${rule.title}` : `Mail me when ${rule.title} is due`}
            aria-pressed={emailOn}
            iconSize={20}
            onClick={() => void toggleEmail()}
          />
          <IconButton icon={Trash2} label={`Remove the reminder ${rule.title}`} iconSize={20} onClick={() => setDialog('remove')} />
        </div>
      )}
      {dialog === 'done' && userId !== null && <MarkDoneDialog view={view} userId={userId} unit={unit} today={today} onClose={() => setDialog(null)} />}
      {dialog === 'remove' && (
        <ConfirmDialog
          title="Remove this reminder?"
          name="remove-reminder"
          confirmLabel="Remove"
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            removeReminder(rule.id).then(
              () => showSnackbar({ severity: 'success', message: 'Reminder removed.' }),
              (error: unknown) => {
                console.error('Could not remove the reminder', error);
                showSnackbar({ severity: 'error', message: 'The reminder could not be removed. Try again.' });
              },
            );
          }}
        >
          <p>“{rule.title}” stops reminding you. The times it was done stay in the logbook.</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
