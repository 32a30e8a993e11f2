// Print mode: `?print=1` on any page shows it as US Letter sheets (8.5 × 11 inches), portrait or
// landscape, and what prints is exactly those sheets. Pure, so the rules are unit-tested without a browser.

export type PrintOrientation = 'portrait' | 'landscape';

/** Print pages of 8.5 × 11 inches. */
export const LETTER_INCHES = { width: 8.5, height: 11 } as const;
export const POINTS_PER_INCH = 72;

export const PRINT_PARAM = 'print';
export const ORIENTATION_PARAM = 'orientation';

export interface PrintSettings {
  enabled: boolean;
  orientation: PrintOrientation;
}

export function printSettings(search: string): PrintSettings {
  const params = new URLSearchParams(search);
  return {
    enabled: params.get(PRINT_PARAM) === '1',
    orientation: params.get(ORIENTATION_PARAM) === 'landscape' ? 'landscape' : 'portrait',
  };
}

/** The sheet's size in inches, width first. */
export function sheetInches(orientation: PrintOrientation): { width: number; height: number } {
  return orientation === 'portrait'
    ? { width: LETTER_INCHES.width, height: LETTER_INCHES.height }
    : { width: LETTER_INCHES.height, height: LETTER_INCHES.width };
}

/** The query string with print mode set to `next` (null leaves print mode), other parameters kept. */
export function printSearch(search: string, next: PrintOrientation | null): string {
  const params = new URLSearchParams(search);
  if (next === null) {
    params.delete(PRINT_PARAM);
    params.delete(ORIENTATION_PARAM);
  } else {
    params.set(PRINT_PARAM, '1');
    if (next === 'landscape') params.set(ORIENTATION_PARAM, 'landscape');
    else params.delete(ORIENTATION_PARAM);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
