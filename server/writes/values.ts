/** Reading the loosely typed values of a row (as sent, as stored) the way every write rule reads them. */

/** A value that is text, as text; anything else (a number, null, absent) as null. */
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Epoch milliseconds of a value as sent (ISO text) or as stored (a Date); NaN for anything else. */
export function ms(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

/** A time as sent or stored, as ISO text; null stays null. */
export const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(ms(value)).toISOString());
