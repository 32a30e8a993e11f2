// How the services pages write times (vehicles and people are named by src/entities).

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export function formatDateTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined) return '';
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  return Number.isNaN(ms) ? '' : DATE_TIME.format(ms);
}

/** A schedule as one phrase: "Mar 2, 2026, 4:00 PM – 5:30 PM", or its start alone. */
export function formatSchedule(start: string | null, end: string | null): string {
  if (start === null) return end === null ? '' : `until ${formatDateTime(end)}`;
  if (end === null) return formatDateTime(start);
  const sameDay = new Date(start).toDateString() === new Date(end).toDateString();
  return `${formatDateTime(start)} – ${sameDay ? TIME.format(Date.parse(end)) : formatDateTime(end)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it, in the device's time zone, to the minute. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an instant (read in the device's time zone); null when empty or unreadable. */
export function fromLocalInput(value: string): number | null {
  if (value.trim() === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}
