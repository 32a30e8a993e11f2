import { checkReadings, isDistanceUnit, type OdometerReading } from '../../domain/odometer.js';
import { reminderStatus, type ReminderCompletion, type ReminderRule, type ReminderStatus } from '../../domain/reminders.js';
import type { CompletionRow, ReadingRow, ReminderRow } from './queries.js';

// The device's rows as the pure rules take them. A row the database holds without what the rule needs (a column
// left null by a write in flight) is skipped rather than guessed at.

export function toReading(row: ReadingRow): OdometerReading | null {
  if (!row.read_on || row.value === null || !isDistanceUnit(row.unit)) return null;
  return { id: row.id, read_on: row.read_on, value: row.value, unit: row.unit, created_at: row.created_at ?? '' };
}

export function toRule(row: ReminderRow): ReminderRule | null {
  if (!isDistanceUnit(row.distance_unit)) return null;
  return {
    id: row.id, title: row.title ?? '', due_on: row.due_on, due_distance: row.due_distance, distance_unit: row.distance_unit,
    every_months: row.every_months, every_distance: row.every_distance,
  };
}

export function toCompletion(row: CompletionRow): ReminderCompletion | null {
  if (!row.reminder_id || !row.done_on) return null;
  return { id: row.id, reminder_id: row.reminder_id, done_on: row.done_on, reading_id: row.reading_id, created_at: row.created_at ?? '' };
}

const present = <T>(value: T | null): value is T => value !== null;

export interface ReminderView {
  rule: ReminderRule;
  row: ReminderRow;
  status: ReminderStatus;
}

/** Each reminder with its state on `today`, from the vehicle's completions and readings. */
export function remindersWithStatus(
  reminders: readonly ReminderRow[],
  completions: readonly CompletionRow[],
  readings: readonly ReadingRow[],
  today: string,
): ReminderView[] {
  const done = completions.map(toCompletion).filter(present);
  const read = readings.map(toReading).filter(present);
  return reminders.flatMap((row) => {
    const rule = toRule(row);
    return rule === null ? [] : [{ rule, row, status: reminderStatus(rule, done, read, today) }];
  });
}

/** The readings as the page lists them, each marked when it contradicts its neighbours. */
export function readingsChecked(readings: readonly ReadingRow[]): { rows: readonly ReadingRow[]; contradicting: ReadonlySet<string> } {
  return { rows: readings, contradicting: checkReadings(readings.map(toReading).filter(present)).contradicting };
}
