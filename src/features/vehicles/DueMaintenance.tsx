import { useMemo, type ReactNode } from 'react';
import BellRing from 'lucide-react/icons/bell-ring';
import { needsAttention } from '../../domain/reminders.js';
import { dueLeft, dueWhen } from '../../entities/maintenance/format.js';
import { byUrgency, useDistanceUnit, useDueReminders, useVehicleMaintenance, type DueReminder } from '../../entities/maintenance/queries.js';
import { ReminderStateChip } from '../../entities/maintenance/ReminderStateChip.js';
import { remindersWithStatus } from '../../entities/maintenance/status.js';
import { useCurrentUser } from '../../rpc/session.js';
import { Card } from '../../ui/Card.js';
import { Link } from '../../ui/Link.js';
import type { DistanceUnit } from '../../domain/odometer.js';
import { vehiclePath } from '../../app/routes.js';
import { vehicleDisplayName } from '../../domain/vehicleName.js';
import './dueMaintenance.css';
import { todayCalendarDate } from './format.js';

// What is due soon or overdue, worked out on this device from its own rows (offline too), where an owner looks:
// the home page and My Vehicles (all their vehicles), and the vehicle's own pages (that vehicle).

function DueCard({ children, count }: { children: ReactNode; count: number }) {
  return (
    <Card aria-labelledby="due-maintenance-title" data-card="due-maintenance" data-count={count}>
      <h2 id="due-maintenance-title" className="due-maintenance__title">
        <BellRing size={20} aria-hidden="true" /> Maintenance due
      </h2>
      {children}
    </Card>
  );
}

/** The signed-in person's own vehicles' reminders that ask for attention; nothing when none do. */
export function DueMaintenance() {
  const user = useCurrentUser();
  const { loading: unitLoading, unit } = useDistanceUnit(user?.id ?? null);
  const { loading, due } = useDueReminders(user?.id ?? '', todayCalendarDate());
  if (user === null || loading || unitLoading || due.length === 0) return null;
  return (
    <DueCard count={due.length}>
      <DueReminders due={due} unit={unit} showVehicle />
    </DueCard>
  );
}

/** One vehicle's reminders that ask for attention, for those who keep it (owner, admin). */
export function VehicleDueMaintenance({ vehicleId, userId }: { vehicleId: string; userId: string | null }) {
  const { loading: unitLoading, unit } = useDistanceUnit(userId);
  const data = useVehicleMaintenance(vehicleId);
  const today = todayCalendarDate();
  const due = useMemo(
    () =>
      remindersWithStatus(data.reminders, data.completions, data.readings, today)
        .filter((v) => needsAttention(v.status.state))
        .sort(byUrgency)
        .map((v) => ({ ...v, vehicleId, vehicleName: null })),
    [data.reminders, data.completions, data.readings, today, vehicleId],
  );
  if (data.loading || unitLoading || due.length === 0) return null;
  return (
    <DueCard count={due.length}>
      <DueReminders due={due} unit={unit} showVehicle={false} />
    </DueCard>
  );
}

/**
 * Reminders asking for attention, each a link to its vehicle's maintenance page: its title, state, and when it is
 * due. `showVehicle` names the vehicle (lists across vehicles).
 */
function DueReminders({ due, unit, showVehicle }: { due: readonly DueReminder[]; unit: DistanceUnit; showVehicle: boolean }) {
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
