/**
 * Number fields: empty means 0, the arrow keys step by 1 and with Shift by 10, and the user's own decimal
 * separator is accepted. Both '.' and ',' are read as the decimal point: a phone keypad that offers only ',' must
 * turn "15,65" into 15.65, never 1565. Thousands separators are not accepted in fields (one separator at most), and
 * spaces people type to group digits are ignored.
 */

export interface NumberRule {
  /** Whole numbers only (years, laps). */
  integer: boolean;
  min: number;
  max: number;
}

export type NumberParse = { ok: true; value: number } | { ok: false; error: string };

export const NUMBER_MESSAGES = {
  notANumber: 'Type a number',
  separators: 'Use one decimal separator at most',
  whole: 'Type a whole number',
  range: (min: number, max: number) => `Type a number from ${min} to ${max}`,
} as const;

/** Step sizes: the arrow keys alone, and with Shift held. */
export const NUMBER_STEP = 1;
export const NUMBER_SHIFT_STEP = 10;

const GROUPING_SPACES = /[\s\u00a0\u202f\u2009']/g;

export function parseNumberInput(text: string, rule: NumberRule): NumberParse {
  const compact = text.replace(GROUPING_SPACES, '').replace(/\u2212/g, '-').replace(/\u066b/g, '.');
  if (compact === '') return inRange(0, rule);
  const separators = compact.match(/[.,]/g)?.length ?? 0;
  if (separators > 1) return { ok: false, error: NUMBER_MESSAGES.separators };
  const plain = compact.replace(',', '.');
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)$/.test(plain)) return { ok: false, error: NUMBER_MESSAGES.notANumber };
  const value = Number(plain);
  if (!Number.isFinite(value)) return { ok: false, error: NUMBER_MESSAGES.notANumber };
  if (rule.integer && !Number.isInteger(value)) return { ok: false, error: NUMBER_MESSAGES.whole };
  return inRange(value, rule);
}

function inRange(value: number, rule: NumberRule): NumberParse {
  if (value < rule.min || value > rule.max) return { ok: false, error: NUMBER_MESSAGES.range(rule.min, rule.max) };
  return { ok: true, value };
}

/** The value after one arrow-key step (10 with Shift), kept inside the rule's range and free of float noise. */
export function stepNumber(value: number, direction: 1 | -1, shift: boolean, rule: NumberRule): number {
  const next = value + direction * (shift ? NUMBER_SHIFT_STEP : NUMBER_STEP);
  const rounded = Math.round(next * 1e6) / 1e6;
  return Math.min(rule.max, Math.max(rule.min, rounded));
}

/** The decimal separator of a locale ("," in de-DE, "." in en-US). */
export function decimalSeparator(locale: string | undefined): string {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value ?? '.';
}

/** A value as the field shows it: the locale's decimal separator, no grouping (so it parses back unchanged). */
export function formatNumberInput(value: number, locale: string | undefined): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(value);
}
