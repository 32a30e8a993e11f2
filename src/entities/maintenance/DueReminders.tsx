import type { DistanceUnit } from '../../domain/odometer.js';
import { vehiclePath } from '../../domain/routes.js';
import { vehicleDisplayName } from '../../domain/vehicleName.js';
import { Link } from '../../ui/Link.js';
import { dueLeft, dueWhen } from './format.js';
import type { DueReminder } from './queries.js';
import { ReminderStateChip } from './ReminderStateChip.js';

/**
 * Reminders asking for attention, each a link to its vehicle's maintenance page: its title, state, and when it is
 * due. `showVehicle` names the vehicle (lists across vehicles).
 */
export function DueReminders({ due, unit, showVehicle }: { due: readonly DueReminder[]; unit: DistanceUnit; showVehicle: boolean }) {
  return (
    <ul className="due-reminders">
      {due.map((d) => (
        <li key={d.rule.id} data-due-reminder={d.rule.id} data-state={d.status.state}>
          <Link className="due-reminder" to={vehiclePath(d.vehicleId, 'maintenance')}>
            <span className="due-reminder__title">
              {d.rule.title}
              {showVehicle && <span className="ui-muted"> · {vehicleDisplayName(d.vehicleName)}</span>}
            </span>
            <ReminderStateChip state={d.status.state} />
            <span className="due-reminder__detail">
              {dueWhen(d.status, d.rule.distance_unit, unit)} ({dueLeft(d.status, d.rule.distance_unit, unit)})
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
