import { parseNumberInput } from './numberInput.js';

/**
 * Odometer readings and the distances reminders count in. Pure: the vehicle pages, the reminders on the device and
 * the server's due-mail job all read the same figures from here.
 */

/** The units a person reads their odometer in; each reading keeps the unit it was typed in. */
export const DISTANCE_UNITS = [
  { value: 'km', label: 'Kilometres', short: 'km' },
  { value: 'mi', label: 'Miles', short: 'mi' },
] as const;

export type DistanceUnit = (typeof DISTANCE_UNITS)[number]['value'];

export const DEFAULT_DISTANCE_UNIT: DistanceUnit = 'km';

const METRES_PER: Record<DistanceUnit, number> = { km: 1000, mi: 1609.344 };

export function isDistanceUnit(value: unknown): value is DistanceUnit {
  return DISTANCE_UNITS.some((u) => u.value === value);
}

/** What a device may write: whole units, as an odometer shows them; no odometer shows ten million. */
export const ODOMETER_LIMITS = {
  value: { integer: true, min: 0, max: 9_999_999 },
  note: 500,
} as const;

export function toMetres(value: number, unit: DistanceUnit): number {
  return value * METRES_PER[unit];
}

/** A distance in metres in `unit`, rounded to whole units (what an odometer would read). */
export function fromMetres(metres: number, unit: DistanceUnit): number {
  return Math.round(metres / METRES_PER[unit]);
}

export interface OdometerReading {
  id: string;
  /** The calendar day it was read (YYYY-MM-DD). */
  read_on: string;
  value: number;
  unit: DistanceUnit;
  /** When it was written down, which orders two readings of one day. */
  created_at: string;
}

export interface CheckedReadings<R extends OdometerReading> {
  /** The readings that agree with each other, oldest first: the ones figures are made of. */
  trusted: R[];
  /** Readings that contradict their neighbours (an odometer never runs backwards): shown, flagged, left out. */
  contradicting: Set<string>;
}

const byTime = (a: OdometerReading, b: OdometerReading) =>
  a.read_on.localeCompare(b.read_on) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/**
 * Which readings to believe. An odometer only counts up, so the readings in time order should never go down; when
 * they do, the largest set of readings that does not go down is kept and the rest are flagged. One mistyped
 * reading (150,000 for 15,000) is then the one flagged, instead of every correct reading after it.
 * Ties between equally large sets keep the later readings (the person's newest word).
 */
export function checkReadings<R extends OdometerReading>(readings: readonly R[]): CheckedReadings<R> {
  const ordered = [...readings].sort(byTime);
  const metres = ordered.map((r) => toMetres(r.value, r.unit));
  // Longest non-decreasing subsequence, O(n log n): tails[k] is the index ending the best run of length k + 1,
  // chosen with the smallest end value; ties prefer the later reading.
  const tails: number[] = [];
  const previous = new Array<number>(ordered.length).fill(-1);
  for (let i = 0; i < ordered.length; i++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (metres[tails[mid]!]! <= metres[i]!) low = mid + 1;
      else high = mid;
    }
    previous[i] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) kept.add(i);
  return {
    trusted: ordered.filter((_, i) => kept.has(i)),
    contradicting: new Set(ordered.filter((_, i) => !kept.has(i)).map((r) => r.id)),
  };
}

export interface Odometer {
  /** The latest trusted reading, in metres, with its day. */
  metres: number;
  on: string;
}

/** The odometer as the trusted readings (oldest first, checkReadings) last saw it; null before any reading. */
export function lastTrusted(trusted: readonly OdometerReading[]): Odometer | null {
  const last = trusted[trusted.length - 1];
  return last ? { metres: toMetres(last.value, last.unit), on: last.read_on } : null;
}

/** The odometer as the readings that agree with each other last saw it; null before any reading. */
export function currentOdometer(readings: readonly OdometerReading[]): Odometer | null {
  return lastTrusted(checkReadings(readings).trusted);
}

/**
 * An odometer reading as typed. Whole units only, so a separator followed by groups of three digits ("45,000",
 * "45.000", "45 000") can only be grouping, in any locale, and is read as 45000; anything else goes through the
 * number field's own rules (numberInput.ts), which refuse a fraction.
 */
export function parseOdometerInput(text: string): { ok: true; value: number } | { ok: false; error: string } {
  const compact = text.trim().replace(/[\s\u00a0\u202f\u2009']/g, '');
  if (compact === '') return { ok: false, error: 'Type the distance the odometer shows' };
  const grouped = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(compact) ? compact.replace(/[.,]/g, '') : compact;
  return parseNumberInput(grouped, ODOMETER_LIMITS.value);
}
