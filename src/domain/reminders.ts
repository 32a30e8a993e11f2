import { checkReadings, fromMetres, lastTrusted, toMetres, type DistanceUnit, type OdometerReading } from './odometer.js';
import { isCalendarDate } from './vehicleRecords.js';

/**
 * Maintenance reminders: due by a date, by the odometer, or whichever comes first, once or repeating ("oil every
 * 10,000 km or 12 months"). Pure, so the device works out what is due from its own rows, offline, and the server's
 * due-mail job agrees with it.
 *
 * A reminder stores its first due point (due_on and/or due_distance). Each time it is marked done, the next due point
 * is counted from that completion: its day plus every_months, its odometer reading plus every_distance. A reminder
 * with no interval is done once it has a completion.
 */

export const REMINDER_LIMITS = {
  title: 120,
  everyMonths: { integer: true, min: 1, max: 240 },
  everyDistance: { integer: true, min: 1, max: 1_000_000 },
  dueDistance: { integer: true, min: 0, max: 9_999_999 },
  note: 500,
} as const;

/** How early a reminder counts as due soon: a month before its day, or this distance before its reading. */
export const DUE_SOON = { days: 30, distance: { km: 1000, mi: 600 } satisfies Record<DistanceUnit, number> } as const;

export interface ReminderRule {
  id: string;
  title: string;
  due_on: string | null;
  due_distance: number | null;
  distance_unit: DistanceUnit;
  every_months: number | null;
  every_distance: number | null;
}

export interface ReminderCompletion {
  id: string;
  reminder_id: string;
  done_on: string;
  /** The odometer reading written with it, if the person gave one. */
  reading_id: string | null;
  created_at: string;
}

export type ReminderState = 'done' | 'upcoming' | 'due-soon' | 'overdue';

export interface ReminderStatus {
  state: ReminderState;
  /** The next due day and odometer reading (in the reminder's unit); null where it does not count that way. */
  dueOn: string | null;
  dueDistance: number | null;
  /** Days until the due day (negative: past it). */
  daysLeft: number | null;
  /** Distance until the due reading, in the reminder's unit (negative: past it); null without a reading. */
  distanceLeft: number | null;
  /** The completion the due point counts from. */
  lastDone: ReminderCompletion | null;
}

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / DAY_MS;
}

/** `day` plus `months` calendar months, kept within the month (31 January + 1 month = 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const index = y! * 12 + (m! - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month + 1)}-${pad(Math.min(d!, last))}`;
}

/** Whether a reminder repeats (has an interval to count the next due point from). */
export function repeats(rule: Pick<ReminderRule, 'every_months' | 'every_distance'>): boolean {
  return rule.every_months !== null || rule.every_distance !== null;
}

/**
 * The reminder's state on `today` (YYYY-MM-DD) with the vehicle's readings. The readings are checked first
 * (odometer.ts): a reading that contradicts its neighbours neither makes a reminder due nor dates a completion's
 * distance.
 */
export function reminderStatus(
  rule: ReminderRule,
  completions: readonly ReminderCompletion[],
  readings: readonly OdometerReading[],
  today: string,
): ReminderStatus {
  const checked = checkReadings(readings);
  const trusted = new Map(checked.trusted.map((r) => [r.id, r]));
  const odometer = lastTrusted(checked.trusted);
  const lastDone =
    completions
      .filter((c) => c.reminder_id === rule.id)
      .sort((a, b) => b.done_on.localeCompare(a.done_on) || b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))[0] ?? null;

  let dueOn = rule.due_on;
  let dueDistance = rule.due_distance;
  if (lastDone !== null) {
    if (!repeats(rule)) return { state: 'done', dueOn: null, dueDistance: null, daysLeft: null, distanceLeft: null, lastDone };
    dueOn = rule.every_months !== null ? addMonths(lastDone.done_on, rule.every_months) : null;
    const reading = lastDone.reading_id === null ? undefined : trusted.get(lastDone.reading_id);
    // Done without a trusted reading: the distance is counted from the odometer as last read on or before that day.
    const base = reading ? toMetres(reading.value, reading.unit) : metresOn(checked.trusted, lastDone.done_on);
    dueDistance = rule.every_distance !== null && base !== null ? fromMetres(base, rule.distance_unit) + rule.every_distance : null;
  }

  const daysLeft = dueOn !== null && isCalendarDate(dueOn) && isCalendarDate(today) ? dayNumber(dueOn) - dayNumber(today) : null;
  const distanceLeft = dueDistance !== null && odometer !== null ? dueDistance - fromMetres(odometer.metres, rule.distance_unit) : null;
  let state: ReminderState = 'upcoming';
  if ((daysLeft !== null && daysLeft <= 0) || (distanceLeft !== null && distanceLeft <= 0)) state = 'overdue';
  else if ((daysLeft !== null && daysLeft <= DUE_SOON.days) || (distanceLeft !== null && distanceLeft <= DUE_SOON.distance[rule.distance_unit])) {
    state = 'due-soon';
  }
  return { state, dueOn, dueDistance, daysLeft, distanceLeft, lastDone };
}

function metresOn(trusted: readonly OdometerReading[], day: string): number | null {
  let found: number | null = null;
  for (const r of trusted) if (r.read_on <= day) found = toMetres(r.value, r.unit);
  return found;
}

/** Whether a state asks for attention now (shown on the home page, My Vehicles and the vehicle). */
export function needsAttention(state: ReminderState): boolean {
  return state === 'overdue' || state === 'due-soon';
}

/**
 * What identifies the due point a mail was sent for: a reminder marked done (or rescheduled) has a new one, which
 * earns a new mail when it falls due in turn.
 */
export function dueKey(status: Pick<ReminderStatus, 'dueOn' | 'dueDistance'>): string {
  return `${status.dueOn ?? ''}|${status.dueDistance ?? ''}`;
}
