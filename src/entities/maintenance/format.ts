import { DISTANCE_UNITS, fromMetres, toMetres, type DistanceUnit } from '../../domain/odometer.js';
import type { ReminderState, ReminderStatus } from '../../domain/reminders.js';

// How maintenance reads, in the reader's language and unit.

const locale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

export const STATE_LABELS: Record<ReminderState, string> = {
  overdue: 'Overdue',
  'due-soon': 'Due soon',
  upcoming: 'Upcoming',
  done: 'Done',
};

export function unitShort(unit: DistanceUnit): string {
  return DISTANCE_UNITS.find((u) => u.value === unit)!.short;
}

/** A distance in `from` units shown in the reader's `to` units, whole: "45,000 km". */
export function formatDistance(value: number, from: DistanceUnit, to: DistanceUnit = from): string {
  const shown = from === to ? value : fromMetres(toMetres(value, from), to);
  return `${new Intl.NumberFormat(locale(), { maximumFractionDigits: 0 }).format(shown)} ${unitShort(to)}`;
}

function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

function days(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/** When it is due: "12 Mar 2027 or at 45,000 km, whichever comes first". */
export function dueWhen(status: ReminderStatus, unit: DistanceUnit, readerUnit: DistanceUnit): string {
  const parts = [
    status.dueOn === null ? null : formatDay(status.dueOn),
    status.dueDistance === null ? null : `at ${formatDistance(status.dueDistance, unit, readerUnit)}`,
  ].filter((p): p is string => p !== null);
  return parts.length === 2 ? `${parts[0]} or ${parts[1]}, whichever comes first` : (parts[0] ?? '');
}

/** How far off it is: "in 23 days · 1,200 km to go", "3 days ago · 500 km past", "today". */
export function dueLeft(status: ReminderStatus, unit: DistanceUnit, readerUnit: DistanceUnit): string {
  const parts: string[] = [];
  if (status.daysLeft !== null) {
    const d = status.daysLeft;
    parts.push(d === 0 ? 'today' : d > 0 ? `in ${days(d)}` : `${days(-d)} ago`);
  }
  if (status.distanceLeft !== null) {
    const left = status.distanceLeft;
    parts.push(left >= 0 ? `${formatDistance(left, unit, readerUnit)} to go` : `${formatDistance(-left, unit, readerUnit)} past`);
  }
  return parts.join(' · ');
}
