import { calendarDateOf } from '../../domain/vehicleRecords.js';

// How the vehicle pages write dates and times: in the reader's own language (work time: src/entities/worktime).

const locale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/** "12 May 2026, 14:05" in the reader's locale. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A calendar date (YYYY-MM-DD, no time zone) as the reader writes dates. */
export function formatCalendarDate(day: string | null): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Today as a calendar date in the reader's own time zone (what a date field starts at). */
export function todayCalendarDate(now = new Date()): string {
  return calendarDateOf(now);
}

export function formatNumber(value: number, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits }).format(value);
}
