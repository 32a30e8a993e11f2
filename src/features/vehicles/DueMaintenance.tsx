import { useMemo, type ReactNode } from 'react';
import BellRing from 'lucide-react/icons/bell-ring';
import { needsAttention } from '../../domain/reminders.js';
import { DueReminders } from '../../entities/maintenance/DueReminders.js';
import { byUrgency, useDistanceUnit, useDueReminders, useVehicleMaintenance } from '../../entities/maintenance/queries.js';
import { remindersWithStatus } from '../../entities/maintenance/status.js';
import { useCurrentUser } from '../../rpc/session.js';
import { Card } from '../../ui/Card.js';
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
  const unit = useDistanceUnit(user?.id ?? null);
  const { loading, due } = useDueReminders(user?.id ?? '', todayCalendarDate());
  if (user === null || loading || due.length === 0) return null;
  return (
    <DueCard count={due.length}>
      <DueReminders due={due} unit={unit} showVehicle />
    </DueCard>
  );
}

/** One vehicle's reminders that ask for attention, for those who keep it (owner, admin). */
export function VehicleDueMaintenance({ vehicleId, userId }: { vehicleId: string; userId: string | null }) {
  const unit = useDistanceUnit(userId);
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
  if (data.loading || due.length === 0) return null;
  return (
    <DueCard count={due.length}>
      <DueReminders due={due} unit={unit} showVehicle={false} />
    </DueCard>
  );
}
