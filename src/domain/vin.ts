/**
 * Vehicle identification numbers, checked offline. Since 1981 a VIN has 17 letters and digits and never uses I, O
 * or Q (they read as 1 and 0); position 9 is a check digit that North American VINs must carry and that many
 * other makers leave as a plain character. So the check digit only warns, never blocks: a car from elsewhere, or
 * an older chassis number, is still a real vehicle.
 */

export const VIN_LENGTH = 17;

export interface VinCheck {
  /** The VIN as it is stored: uppercase, without spaces or dashes. */
  vin: string;
  /** What makes the value unusable as typed; saving is refused. */
  errors: string[];
  /** What looks wrong but may be right (older or non-North-American VINs); saving goes ahead. */
  warnings: string[];
  /** Whether position 9 matched the check digit computed from the rest; null when it could not be computed. */
  checkDigitValid: boolean | null;
}

export const VIN_MESSAGES = {
  tooLong: `A VIN has at most ${VIN_LENGTH} characters`,
  characters: 'A VIN has only letters and digits',
  ioq: 'A VIN never contains I, O or Q (did you mean 1 or 0?)',
  short: `VINs since 1981 have ${VIN_LENGTH} characters; older chassis numbers may be shorter`,
  checkDigitNorthAmerica: 'The check digit (9th character) does not match: re-read the VIN',
  checkDigitElsewhere: 'The check digit (9th character) does not match; VINs from outside North America often skip it',
} as const;

// Letters stand for digits in the check-digit sum; I, O and Q have no value because they never appear.
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Uppercase, without the spaces and dashes people type to group a long code. */
export function normalizeVin(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

function charValue(c: string): number | null {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  return TRANSLITERATION[c] ?? null;
}

/** The check digit ('0'-'9' or 'X') a 17-character VIN should carry at position 9; null if it has invalid characters. */
export function vinCheckDigit(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return null;
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const value = charValue(vin[i]!);
    if (value === null) return null;
    sum += value * WEIGHTS[i]!;
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** North American VINs (world manufacturer codes starting 1 to 5) always carry the check digit. */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

export function checkVin(input: string): VinCheck {
  const vin = normalizeVin(input);
  const errors: string[] = [];
  const warnings: string[] = [];
  let checkDigitValid: boolean | null = null;
  if (vin === '') return { vin, errors, warnings, checkDigitValid };
  if (!/^[A-Z0-9]*$/.test(vin)) errors.push(VIN_MESSAGES.characters);
  if (/[IOQ]/.test(vin)) errors.push(VIN_MESSAGES.ioq);
  if (vin.length > VIN_LENGTH) errors.push(VIN_MESSAGES.tooLong);
  if (vin.length < VIN_LENGTH) warnings.push(VIN_MESSAGES.short);
  if (errors.length === 0 && vin.length === VIN_LENGTH) {
    const expected = vinCheckDigit(vin);
    checkDigitValid = expected !== null && vin[8] === expected;
    if (!checkDigitValid) {
      warnings.push(isNorthAmericanVin(vin) ? VIN_MESSAGES.checkDigitNorthAmerica : VIN_MESSAGES.checkDigitElsewhere);
    }
  }
  return { vin, errors, warnings, checkDigitValid };
}

/** How many trailing characters the VIN display highlights: the model year, plant and serial number. */
export const VIN_HIGHLIGHT_LENGTH = 8;

/** The VIN split for display: the head as is, the last 8 characters highlighted. */
export function splitVinForDisplay(vin: string): { head: string; tail: string } {
  const cut = Math.max(0, vin.length - VIN_HIGHLIGHT_LENGTH);
  return { head: vin.slice(0, cut), tail: vin.slice(cut) };
}
