import { useMemo } from 'react';
import ArrowRightLeft from 'lucide-react/icons/arrow-right-left';
import CirclePlus from 'lucide-react/icons/circle-plus';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Eye from 'lucide-react/icons/eye';
import Flag from 'lucide-react/icons/flag';
import Gauge from 'lucide-react/icons/gauge';
import CircleCheck from 'lucide-react/icons/circle-check';
import History from 'lucide-react/icons/history';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import Pencil from 'lucide-react/icons/pencil';
import Tag from 'lucide-react/icons/tag';
import Wrench from 'lucide-react/icons/wrench';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../ui/Card.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { LinkifiedText } from '../../../ui/links/LinkifiedText.js';
import { Loading } from '../../../ui/Loading.js';
import { useServiceSummaries, useTrackSessions, useVehicleEvents, useVehicleNotes } from '../data/records.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { formatWorkTotal } from '../../../entities/worktime/format.js';
import { formatCalendarDate, formatDateTime } from '../format.js';
import { buildLogbook, type LogKind } from './logbook.js';
import { isDistanceUnit } from '../../../domain/odometer.js';
import { formatDistance } from '../../../entities/maintenance/format.js';
import { useCompletionLog, useDistanceUnit, useVehicleMaintenance } from '../../../entities/maintenance/queries.js';
import { readingsChecked } from '../../../entities/maintenance/status.js';
import './logbook.css';

const ICONS: Record<LogKind, LucideIcon> = {
  added: CirclePlus,
  info: ClipboardList,
  ownership: ArrowRightLeft,
  renamed: Pencil,
  visibility: Eye,
  tag: Tag,
  note: NotebookPen,
  service: Wrench,
  'service-done': Wrench,
  track: Flag,
  odometer: Gauge,
  'reminder-done': CircleCheck,
};

/** The logbook: the vehicle's whole story in time order, newest first, by year — what an owner hands over. */
export function LogbookSection({ area, vehicleId }: { area: VehicleArea; vehicleId: string }) {
  const events = useVehicleEvents(area, vehicleId);
  const notes = useVehicleNotes(area, vehicleId);
  const services = useServiceSummaries(area, vehicleId);
  const sessions = useTrackSessions(area, vehicleId);
  const maintenance = useVehicleMaintenance(vehicleId);
  const completions = useCompletionLog(vehicleId);
  const { loading: unitLoading, unit } = useDistanceUnit(area.userId);
  const loading = [events, notes, services, sessions, completions].some((r) => r.status === 'loading') || maintenance.loading || unitLoading;
  const maintenanceLog = useMemo(() => {
    const shown = (value: number | null, from: string | null) => (value !== null && isDistanceUnit(from) ? formatDistance(value, from, unit) : null);
    const withCompletion = new Set(maintenance.completions.map((c) => c.reading_id));
    const { contradicting } = readingsChecked(maintenance.readings);
    return {
      remindersDone: completions.rows.flatMap((c) => (c.done_on ? [{ id: c.id, done_on: c.done_on, title: c.title ?? 'Reminder', reading: shown(c.value, c.unit) }] : [])),
      readings: maintenance.readings.flatMap((r) => {
        const reading = shown(r.value, r.unit);
        return r.read_on && reading && !withCompletion.has(r.id) ? [{ id: r.id, read_on: r.read_on, reading, contradicting: contradicting.has(r.id) }] : [];
      }),
    };
  }, [completions.rows, maintenance.readings, maintenance.completions, unit]);
  const entries = useMemo(
    () =>
      buildLogbook({
        vehicle: { id: vehicleId, created_at: area.vehicle?.created_at ?? null },
        events: events.rows,
        notes: notes.rows,
        services: services.rows,
        trackSessions: sessions.rows,
        ...maintenanceLog,
        duration: formatWorkTotal,
        locale: navigator.language,
      }),
    [vehicleId, area.vehicle?.created_at, events.rows, notes.rows, services.rows, sessions.rows, maintenanceLog],
  );
  const years = useMemo(() => {
    const groups = new Map<string, typeof entries>();
    for (const e of entries) {
      const year = e.at.slice(0, 4) || '—';
      groups.set(year, [...(groups.get(year) ?? []), e]);
    }
    return [...groups];
  }, [entries]);

  if (loading) return <Loading />;
  return (
    <Card aria-labelledby="logbook-title" data-logbook="">
      <h2 id="logbook-title">Logbook</h2>
      {entries.length === 0 ? (
        <EmptyState icon={History} title="Nothing recorded yet">
          <p>Info changes, notes, services, track days and tags appear here as they happen.</p>
        </EmptyState>
      ) : (
        years.map(([year, list]) => (
          <section key={year} className="logbook-year" aria-labelledby={`logbook-${year}`}>
            <h3 id={`logbook-${year}`} className="logbook-year__title">
              {year}
            </h3>
            <ol className="logbook">
              {list.map((entry) => {
                const Icon = ICONS[entry.kind];
                return (
                  <li key={entry.id} className="logbook__entry" data-log-kind={entry.kind}>
                    <span className="logbook__icon" aria-hidden="true">
                      <Icon size={18} />
                    </span>
                    <div className="logbook__text">
                      <p className="logbook__title">{entry.title}</p>
                      {entry.detail && <LinkifiedText className="logbook__detail" text={entry.detail} />}
                      <p className="logbook__when ui-muted">
                        <time dateTime={entry.at}>{entry.at.length === 10 ? formatCalendarDate(entry.at) : formatDateTime(entry.at)}</time>
                        {entry.actor && <span> · {entry.actor}</span>}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
          </section>
        ))
      )}
    </Card>
  );
}
