import { useState } from 'react';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Trash2 from 'lucide-react/icons/trash-2';
import { isDistanceUnit, type DistanceUnit } from '../../../domain/odometer.js';
import type { ReadingRow } from '../../../entities/maintenance/queries.js';
import { formatDistance } from '../../../entities/maintenance/format.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { IconButton } from '../../../ui/IconButton.js';
import { UnsentMark } from '../../../ui/UnsentMark.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { removeReading } from '../data/maintenanceWrites.js';
import { formatCalendarDate } from '../format.js';

/** One reading; one that contradicts its neighbours says so, and that it is left out of the figures. */
export function ReadingItem({ reading, unit, contradicting, editable }: { reading: ReadingRow; unit: DistanceUnit; contradicting: boolean; editable: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const from = isDistanceUnit(reading.unit) ? reading.unit : unit;
  const shown = formatDistance(reading.value ?? 0, from, unit);
  return (
    <li className="maintenance-item" data-reading={reading.id} data-contradicting={contradicting ? '' : undefined}>
      <div className="maintenance-item__main">
        <span className="maintenance-item__title">{shown}</span>
        <span className="ui-muted">
          <time dateTime={reading.read_on ?? undefined}>{formatCalendarDate(reading.read_on)}</time>
          {reading.note ? ` · ${reading.note}` : ''}
        </span>
        <UnsentMark table="odometer_readings" id={reading.id} />
        {contradicting && (
          <p className="maintenance-item__warning">
            <TriangleAlert size={16} aria-hidden="true" />
            Doesn't fit the readings around it, so it is left out of the figures. Remove it if it was a typo.
          </p>
        )}
      </div>
      {editable && <IconButton icon={Trash2} label={`Remove the reading of ${shown}`} iconSize={20} onClick={() => setConfirming(true)} />}
      {confirming && (
        <ConfirmDialog
          title="Remove this reading?"
          name="remove-reading"
          confirmLabel="Remove"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            removeReading(reading.id).then(
              () => showSnackbar({ severity: 'success', message: 'Reading removed.' }),
              (error: unknown) => {
                console.error('Could not remove the reading', error);
                showSnackbar({ severity: 'error', message: 'The reading could not be removed. Try again.' });
              },
            );
          }}
        >
          <p>
            The reading of {shown} on {formatCalendarDate(reading.read_on)} disappears, and reminders count from the others.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
