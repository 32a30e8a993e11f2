// How the services pages write vehicles, people and times.
import { vehicleDisplayName } from '../../domain/vehicleName.js';

/** The vehicle as the banner names it (SPEC §2): make and model, else its name. */
export function vehicleLabel(v: { make?: string | null; model?: string | null; name?: string | null; vehicle_name?: string | null }): string {
  const makeModel = [v.make, v.model].map((part) => part?.trim()).filter(Boolean).join(' ');
  return makeModel || vehicleDisplayName(v.name || v.vehicle_name);
}

/** Someone the device has no name for: a vehicle owner looking at the shop's staff. */
export const UNKNOWN_PERSON = 'Shop staff';

export const personLabel = (name: string | null | undefined) => (name && name.trim() !== '' ? name : UNKNOWN_PERSON);

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
