import { parseLapTime } from '../../../domain/lapTime.js';
import { parseNumberInput } from '../../../domain/numberInput.js';
import { parseOdometerInput } from '../../../domain/odometer.js';
import { isCalendarDate, TRACK_LIMITS, type TrackCondition } from '../../../domain/vehicleRecords.js';
import { sanitizeInput } from '../../../domain/validation.js';
import type { TrackValues } from '../data/writes.js';
import { todayCalendarDate } from '../format.js';

/** The track session form as typed. */
export interface TrackForm {
  heldOn: string;
  circuit: string;
  laps: string;
  bestLap: string;
  conditions: string;
  front: string;
  rear: string;
  tires: string;
  notes: string;
  /** The odometer that day, kept as a reading of its own (optional). */
  odometer: string;
}

export type TrackFormErrors = Partial<Record<keyof TrackForm, string>>;

export const emptyTrackForm = (): TrackForm => ({ heldOn: todayCalendarDate(), circuit: '', laps: '', bestLap: '', conditions: '', front: '', rear: '', tires: '', notes: '', odometer: '' });

/** The values to store for the form, or what is wrong with it. */
export function parseTrackForm(form: TrackForm): { values: TrackValues; odometer: number | null } | { errors: TrackFormErrors } {
  const errors: TrackFormErrors = {};
  if (!isCalendarDate(form.heldOn)) errors.heldOn = 'Pick the day of the session';
  const circuit = sanitizeInput(form.circuit);
  if (circuit === '') errors.circuit = 'Name the circuit';
  const laps = parseNumberInput(form.laps, TRACK_LIMITS.laps);
  if (!laps.ok) errors.laps = laps.error;
  const lap = parseLapTime(form.bestLap);
  if (!lap.ok) errors.bestLap = lap.error;
  // Pressures are optional: empty is "not recorded" here rather than 0, which no tire runs at.
  const pressure = (text: string, key: 'front' | 'rear') => {
    if (text.trim() === '') return null;
    const parsed = parseNumberInput(text, TRACK_LIMITS.pressure);
    if (!parsed.ok) errors[key] = parsed.error;
    return parsed.ok ? parsed.value : null;
  };
  const front = pressure(form.front, 'front');
  const rear = pressure(form.rear, 'rear');
  const odometer = form.odometer.trim() === '' ? null : parseOdometerInput(form.odometer);
  if (odometer && !odometer.ok) errors.odometer = odometer.error;
  if (Object.keys(errors).length > 0) return { errors };
  const text = (v: string) => sanitizeInput(v) || null;
  return {
    values: {
      held_on: form.heldOn,
      circuit,
      laps: laps.ok ? laps.value : 0,
      best_lap_ms: lap.ok ? lap.ms : null,
      conditions: (form.conditions || null) as TrackCondition | null,
      tire_pressure_front: front,
      tire_pressure_rear: rear,
      tires: text(form.tires),
      notes: form.notes.trim() || null,
    },
    odometer: odometer?.ok ? odometer.value : null,
  };
}
