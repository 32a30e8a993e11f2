/**
 * Limits of what owners write about a vehicle: notes and track sessions. One list, used by the forms (which stop
 * the typing) and the server's upload rules (which refuse what a modified client sends anyway).
 */

export const NOTE_BODY_MAX = 10_000;

export const TRACK_LIMITS = {
  circuit: 200,
  tires: 200,
  notes: 10_000,
  /** Laps in one session. */
  laps: { integer: true, min: 0, max: 1000 },
  /** Cold tire pressures; bar or psi, as the owner uses them. */
  pressure: { integer: false, min: 0, max: 100 },
} as const;

/** Track conditions a session was run in. */
export const TRACK_CONDITIONS = [
  { value: 'dry', label: 'Dry' },
  { value: 'damp', label: 'Damp' },
  { value: 'wet', label: 'Wet' },
] as const;

export type TrackCondition = (typeof TRACK_CONDITIONS)[number]['value'];

/** A calendar date as stored (YYYY-MM-DD); no time zone, so a session keeps its day wherever it is read. */
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= days[month - 1]!;
}

/** The calendar day a moment falls on where the reader is (their own time zone), as stored: YYYY-MM-DD. */
export function calendarDateOf(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The longest text each vehicle and vehicle info field stores (forms stop there; uploads beyond are refused). */
export const VEHICLE_TEXT_LIMITS = { name: 200, description: 10_000, type: 100 } as const;
export const INFO_TEXT_LIMITS = {
  vin: 17, make: 200, model: 200, color: 100, state: 100, license_plate: 20, mods: 10_000, notes: 10_000, generation: 100,
} as const;
