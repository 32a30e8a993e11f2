import { useMemo, useState } from 'react';
import BellRing from 'lucide-react/icons/bell-ring';
import Gauge from 'lucide-react/icons/gauge';
import Plus from 'lucide-react/icons/plus';
import { currentOdometer } from '../../../domain/odometer.js';
import { byUrgency, useDistanceUnit, useVehicleMaintenance } from '../../../entities/maintenance/queries.js';
import { readingsChecked, remindersWithStatus, toReading } from '../../../entities/maintenance/status.js';
import { formatDistance } from '../../../entities/maintenance/format.js';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { Loading } from '../../../ui/Loading.js';
import { canEdit } from '../access.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { formatCalendarDate, todayCalendarDate } from '../format.js';
import { ReadingForm } from './ReadingForm.js';
import { ReadingItem } from './ReadingItem.js';
import { ReminderForm } from './ReminderForm.js';
import { ReminderItem } from './ReminderItem.js';
import './maintenance.css';

/**
 * Maintenance: the odometer (readings, with any that contradict their neighbours flagged and left out of the figures)
 * and the reminders, each with what is due when, worked out on this device from its own rows so it holds offline.
 */
export function MaintenanceSection({ area, vehicleId }: { area: VehicleArea; vehicleId: string }) {
  const data = useVehicleMaintenance(vehicleId);
  const { loading: unitLoading, unit } = useDistanceUnit(area.userId);
  const [adding, setAdding] = useState<'reading' | 'reminder' | null>(null);
  const editable = canEdit(area.access) && area.userId !== null;
  // Worked out again on each render, so a page left open past midnight moves on with the day.
  const today = todayCalendarDate();
  const readings = useMemo(() => readingsChecked(data.readings), [data.readings]);
  const odometer = useMemo(() => currentOdometer(data.readings.flatMap((r) => toReading(r) ?? [])), [data.readings]);
  const reminders = useMemo(
    () => remindersWithStatus(data.reminders, data.completions, data.readings, today).sort(byUrgency),
    [data.reminders, data.completions, data.readings, today],
  );
  if (data.loading || unitLoading) return <Loading />;
  const close = () => setAdding(null);
  return (
    <>
      <Card aria-labelledby="reminders-title" data-card="reminders">
        <div className="vehicle-section-head">
          <h2 id="reminders-title">Reminders</h2>
          {editable && adding !== 'reminder' && (
            <Button icon={Plus} onClick={() => setAdding('reminder')} data-action="add-reminder">
              Add reminder
            </Button>
          )}
        </div>
        {adding === 'reminder' && area.userId !== null && (
          <ReminderForm vehicleId={vehicleId} userId={area.userId} unit={unit} today={today} odometer={odometer} onDone={close} />
        )}
        {reminders.length === 0 && adding !== 'reminder' ? (
          <EmptyState icon={BellRing} title="No reminders yet">
            <p>Set one for what comes round again — oil every 10,000 km or 12 months, the inspection every year — and it shows here, and on your home page when it is due.</p>
          </EmptyState>
        ) : (
          <ul className="maintenance-list">
            {reminders.map((r) => (
              <ReminderItem key={r.rule.id} view={r} unit={unit} userId={area.userId} editable={editable} completions={data.completions} today={today} />
            ))}
          </ul>
        )}
      </Card>
      <Card aria-labelledby="odometer-title" data-card="odometer">
        <div className="vehicle-section-head">
          <h2 id="odometer-title">Odometer</h2>
          {editable && adding !== 'reading' && (
            <Button icon={Plus} onClick={() => setAdding('reading')} data-action="add-reading">
              Add reading
            </Button>
          )}
        </div>
        {odometer !== null && (
          <p className="odometer-now" data-odometer="">
            <Gauge size={24} aria-hidden="true" />
            <span className="odometer-now__value">{formatDistance(odometer.metres / 1000, 'km', unit)}</span>
            <span className="ui-muted">read {formatCalendarDate(odometer.on)}</span>
          </p>
        )}
        {adding === 'reading' && area.userId !== null && <ReadingForm vehicleId={vehicleId} userId={area.userId} unit={unit} today={today} onDone={close} />}
        {readings.rows.length === 0 && adding !== 'reading' ? (
          <EmptyState icon={Gauge} title="No readings yet">
            <p>Write down what the odometer shows now and then: reminders by distance count from it.</p>
          </EmptyState>
        ) : (
          <ul className="maintenance-list">
            {readings.rows.map((r) => (
              <ReadingItem key={r.id} reading={r} unit={unit} contradicting={readings.contradicting.has(r.id)} editable={editable} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
