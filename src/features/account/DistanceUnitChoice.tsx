import { useEffect, useState } from 'react';
import { saveDistanceUnit } from '../../data/distanceUnit.js';
import { DISTANCE_UNITS, type DistanceUnit } from '../../domain/odometer.js';
import { useDistanceUnit } from '../../entities/maintenance/queries.js';
import { RadioOption } from '../../ui/RadioOption.js';
import { showSnackbar } from '../../ui/snackbar/store.js';

/**
 * Kilometres or miles: how the person reads and types odometer readings and reminders. Readings keep the unit they
 * were typed in, so changing this converts what is shown and loses nothing. Saved on the device and synced.
 */
export function DistanceUnitChoice({ userId }: { userId: string }) {
  const { loading, unit: saved } = useDistanceUnit(userId);
  // The choice shows at once; the saved row takes over when it lands (a failed save goes back to it).
  const [chosen, setChosen] = useState<DistanceUnit | null>(null);
  useEffect(() => setChosen(null), [saved]);
  const unit = chosen ?? saved;
  if (loading) return null;
  return (
    <fieldset className="ui-choice-group" data-field="distance-unit">
      <legend className="visually-hidden">Distances in</legend>
      {DISTANCE_UNITS.map((u) => (
        <RadioOption
          key={u.value}
          name="distance_unit"
          value={u.value}
          label={u.label}
          checked={unit === u.value}
          onChoose={() => {
            setChosen(u.value);
            saveDistanceUnit(userId, u.value).catch((error: unknown) => {
              console.error('Could not save the unit', error);
              setChosen(null);
              showSnackbar({ severity: 'error', message: 'The unit could not be saved. Try again.' });
            });
          }}
        />
      ))}
    </fieldset>
  );
}
