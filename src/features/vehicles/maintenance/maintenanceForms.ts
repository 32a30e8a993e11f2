import { parseNumberInput } from '../../../domain/numberInput.js';
import { fromMetres, ODOMETER_LIMITS, parseOdometerInput, type DistanceUnit, type Odometer } from '../../../domain/odometer.js';
import { addMonths, REMINDER_LIMITS } from '../../../domain/reminders.js';
import { isCalendarDate } from '../../../domain/vehicleRecords.js';
import { sanitizeInput } from '../../../domain/validation.js';

// The maintenance forms as typed, and what they store. Pure, so every rule of them is unit-tested.

export interface ReadingForm {
  readOn: string;
  value: string;
  note: string;
}

export type FormErrors<F> = Partial<Record<keyof F, string>>;

export interface ReadingValues {
  read_on: string;
  value: number;
  unit: DistanceUnit;
  note: string | null;
}

export function parseReadingForm(form: ReadingForm, unit: DistanceUnit): { values: ReadingValues } | { errors: FormErrors<ReadingForm> } {
  const errors: FormErrors<ReadingForm> = {};
  if (!isCalendarDate(form.readOn)) errors.readOn = 'Pick the day of the reading';
  const value = parseOdometerInput(form.value);
  if (!value.ok) errors.value = value.error;
  const note = sanitizeInput(form.note).slice(0, ODOMETER_LIMITS.note);
  if (!value.ok || Object.keys(errors).length > 0) return { errors };
  return { values: { read_on: form.readOn, value: value.value, unit, note: note || null } };
}

/** Titles people most often set, offered as they type (any other title is fine). */
export const COMMON_REMINDERS = [
  'Oil change', 'Tire rotation', 'Brake fluid', 'Air filter', 'Coolant', 'Spark plugs', 'Timing belt', 'Inspection',
  'Registration renewal', 'Insurance renewal',
] as const;

export interface ReminderForm {
  title: string;
  everyMonths: string;
  everyDistance: string;
  dueOn: string;
  dueDistance: string;
  email: boolean;
}

export interface ReminderValues {
  title: string;
  due_on: string | null;
  due_distance: number | null;
  distance_unit: DistanceUnit;
  every_months: number | null;
  every_distance: number | null;
  email: number;
}

const optional = (text: string) => text.trim() === '';

/**
 * A reminder from its form. Intervals make it repeat; the first due point is the one typed, or else counted from
 * today and the odometer as last read (oil every 12 months: due a year from today). It must be due by something.
 */
export function parseReminderForm(
  form: ReminderForm,
  unit: DistanceUnit,
  today: string,
  odometer: Odometer | null,
): { values: ReminderValues } | { errors: FormErrors<ReminderForm> } {
  const errors: FormErrors<ReminderForm> = {};
  const title = sanitizeInput(form.title).slice(0, REMINDER_LIMITS.title);
  if (title === '') errors.title = 'Say what is due, like "Oil change"';
  const months = optional(form.everyMonths) ? null : parseNumberInput(form.everyMonths, REMINDER_LIMITS.everyMonths);
  if (months && !months.ok) errors.everyMonths = months.error;
  const distance = optional(form.everyDistance) ? null : parseOdometerInput(form.everyDistance);
  if (distance && !distance.ok) errors.everyDistance = distance.error;
  else if (distance?.ok && (distance.value < REMINDER_LIMITS.everyDistance.min || distance.value > REMINDER_LIMITS.everyDistance.max)) {
    errors.everyDistance = `Type a distance from ${REMINDER_LIMITS.everyDistance.min} to ${REMINDER_LIMITS.everyDistance.max}`;
  }
  if (!optional(form.dueOn) && !isCalendarDate(form.dueOn)) errors.dueOn = 'Pick a day, or leave it empty';
  const dueDistance = optional(form.dueDistance) ? null : parseOdometerInput(form.dueDistance);
  if (dueDistance && !dueDistance.ok) errors.dueDistance = dueDistance.error;
  if (Object.keys(errors).length > 0) return { errors };

  const everyMonths = months?.ok ? months.value : null;
  const everyDistance = distance?.ok ? distance.value : null;
  const dueOn = !optional(form.dueOn) ? form.dueOn : everyMonths !== null ? addMonths(today, everyMonths) : null;
  const current = odometer === null ? null : fromMetres(odometer.metres, unit);
  const due = dueDistance?.ok ? dueDistance.value : everyDistance !== null && current !== null ? current + everyDistance : null;
  if (dueOn === null && due === null) {
    const needsReading = everyDistance !== null && current === null;
    return {
      errors: needsReading
        ? { dueDistance: 'Add an odometer reading first, or type the reading it is due at' }
        : { dueOn: 'Give a day or an odometer reading it is due at, or how often it repeats' },
    };
  }
  return {
    values: {
      title, due_on: dueOn, due_distance: due, distance_unit: unit, every_months: everyMonths, every_distance: everyDistance,
      email: form.email ? 1 : 0,
    },
  };
}

export interface DoneForm {
  doneOn: string;
  value: string;
}

/** Marking a reminder done: its day, and the odometer then if the person gives it (which is stored as a reading). */
export function parseDoneForm(form: DoneForm): { values: { done_on: string; value: number | null } } | { errors: FormErrors<DoneForm> } {
  const errors: FormErrors<DoneForm> = {};
  if (!isCalendarDate(form.doneOn)) errors.doneOn = 'Pick the day it was done';
  const value = optional(form.value) ? null : parseOdometerInput(form.value);
  if (value && !value.ok) errors.value = value.error;
  if (Object.keys(errors).length > 0) return { errors };
  return { values: { done_on: form.doneOn, value: value?.ok ? value.value : null } };
}
