import { useMemo } from 'react';
import { anyLoading, useWatchedQuery } from '../../data/useQuery.js';
import { DEFAULT_DISTANCE_UNIT, isDistanceUnit, type DistanceUnit } from '../../domain/odometer.js';
import { needsAttention } from '../../domain/reminders.js';
import type { Row } from '../rows.js';
import { remindersWithStatus, type ReminderView } from './status.js';

// Maintenance as the device holds it: the vehicle's maintenance page, My Vehicles and the home page all read these,
// and work out what is due from them (src/domain/reminders.ts), offline too.

export type ReadingRow = Row<'odometer_readings'>;
export type ReminderRow = Row<'vehicle_reminders'>;
export type CompletionRow = Row<'reminder_completions'>;

/** One vehicle's readings, reminders and completions that are not removed. */
export function useVehicleMaintenance(vehicleId: string) {
  const readings = useWatchedQuery<ReadingRow>(
    'SELECT * FROM odometer_readings WHERE vehicle_id = ? AND deleted_at IS NULL ORDER BY read_on DESC, created_at DESC, id',
    [vehicleId],
  );
  const reminders = useWatchedQuery<ReminderRow>(
    'SELECT * FROM vehicle_reminders WHERE vehicle_id = ? AND deleted_at IS NULL ORDER BY created_at, id',
    [vehicleId],
  );
  const completions = useWatchedQuery<CompletionRow>(
    'SELECT * FROM reminder_completions WHERE vehicle_id = ? AND deleted_at IS NULL ORDER BY done_on DESC, created_at DESC, id',
    [vehicleId],
  );
  return { loading: anyLoading(readings, reminders, completions), readings: readings.rows, reminders: reminders.rows, completions: completions.rows };
}

export interface DueReminder extends ReminderView {
  vehicleId: string;
  vehicleName: string | null;
}

/**
 * The reminders of the user's own vehicles that ask for attention now (due soon or overdue), the most pressing first:
 * the home page and My Vehicles list them.
 */
export function useDueReminders(userId: string, today: string): { loading: boolean; due: DueReminder[] } {
  const reminders = useWatchedQuery<ReminderRow & { vehicle_name: string | null }>(
    `SELECT r.*, v.name AS vehicle_name FROM vehicle_reminders r JOIN vehicles v ON v.id = r.vehicle_id
      WHERE v.user_id = ? AND r.deleted_at IS NULL`,
    [userId],
  );
  const readings = useWatchedQuery<ReadingRow>(
    `SELECT o.* FROM odometer_readings o JOIN vehicles v ON v.id = o.vehicle_id
      WHERE v.user_id = ? AND o.deleted_at IS NULL`,
    [userId],
  );
  const completions = useWatchedQuery<CompletionRow>(
    `SELECT c.* FROM reminder_completions c JOIN vehicles v ON v.id = c.vehicle_id
      WHERE v.user_id = ? AND c.deleted_at IS NULL`,
    [userId],
  );
  const due = useMemo(() => {
    const byVehicle = new Map<string, Array<ReminderRow & { vehicle_name: string | null }>>();
    for (const r of reminders.rows) byVehicle.set(r.vehicle_id ?? '', [...(byVehicle.get(r.vehicle_id ?? '') ?? []), r]);
    const list: DueReminder[] = [];
    for (const [vehicleId, rows] of byVehicle) {
      const views = remindersWithStatus(
        rows,
        completions.rows.filter((c) => c.vehicle_id === vehicleId),
        readings.rows.filter((o) => o.vehicle_id === vehicleId),
        today,
      );
      for (const view of views) {
        if (needsAttention(view.status.state)) list.push({ ...view, vehicleId, vehicleName: rows[0]?.vehicle_name ?? null });
      }
    }
    return list.sort(byUrgency);
  }, [reminders.rows, readings.rows, completions.rows, today]);
  return { loading: anyLoading(reminders, readings, completions), due };
}

/** Overdue before due soon; then the nearest due day. */
export function byUrgency(a: ReminderView, b: ReminderView): number {
  const rank = (v: ReminderView) => (v.status.state === 'overdue' ? 0 : v.status.state === 'due-soon' ? 1 : v.status.state === 'upcoming' ? 2 : 3);
  return rank(a) - rank(b) || (a.status.daysLeft ?? Infinity) - (b.status.daysLeft ?? Infinity) || a.rule.title.localeCompare(b.rule.title);
}

/**
 * The unit the person reads distances in (their account's choice; kilometres until they choose, or when this device
 * does not hold their row). `loading` until the device has answered, so nothing is shown in the wrong unit first.
 */
export function useDistanceUnit(userId: string | null): { loading: boolean; unit: DistanceUnit } {
  const row = useWatchedQuery<{ distance_unit: string | null }>('SELECT distance_unit FROM users WHERE id = ?', [userId ?? '']);
  const unit = row.rows[0]?.distance_unit;
  return { loading: row.status === 'loading', unit: isDistanceUnit(unit) ? unit : DEFAULT_DISTANCE_UNIT };
}

export interface CompletionLogRow {
  id: string;
  done_on: string | null;
  title: string | null;
  value: number | null;
  unit: string | null;
}

/** Each time one of the vehicle's reminders was done, with its title (a removed reminder's too) and reading. */
export function useCompletionLog(vehicleId: string) {
  return useWatchedQuery<CompletionLogRow>(
    `SELECT c.id, c.done_on, r.title, o.value, o.unit FROM reminder_completions c
       LEFT JOIN vehicle_reminders r ON r.id = c.reminder_id
       LEFT JOIN odometer_readings o ON o.id = c.reading_id AND o.deleted_at IS NULL
      WHERE c.vehicle_id = ? AND c.deleted_at IS NULL`,
    [vehicleId],
  );
}
