// Print mode: `?print=1` on any page shows it as sheets of paper — US Letter (8.5 × 11 inches) unless `paper=a4`
// asks for A4 (210 × 297 mm) — portrait or landscape, and what prints is exactly those sheets. Pure, so the rules
// are unit-tested without a browser.

export type PrintOrientation = 'portrait' | 'landscape';

/** Print pages of 8.5 × 11 inches. */
export const LETTER_INCHES = { width: 8.5, height: 11 } as const;
export const POINTS_PER_INCH = 72;

/** The paper sizes a page prints on, portrait dimensions in inches (A4 is defined in millimetres). */
export const PAPER_SIZES = {
  letter: { label: 'Letter', detail: '8.5 × 11 in', ...LETTER_INCHES },
  a4: { label: 'A4', detail: '210 × 297 mm', width: 210 / 25.4, height: 297 / 25.4 },
} as const;

export type PaperSize = keyof typeof PAPER_SIZES;

export const PRINT_PARAM = 'print';
export const ORIENTATION_PARAM = 'orientation';
export const PAPER_PARAM = 'paper';

export interface PrintSettings {
  enabled: boolean;
  orientation: PrintOrientation;
  paper: PaperSize;
}

export function printSettings(search: string): PrintSettings {
  const params = new URLSearchParams(search);
  return {
    enabled: params.get(PRINT_PARAM) === '1',
    orientation: params.get(ORIENTATION_PARAM) === 'landscape' ? 'landscape' : 'portrait',
    paper: params.get(PAPER_PARAM) === 'a4' ? 'a4' : 'letter',
  };
}

/** The sheet's size in inches, width first. */
export function sheetInches(orientation: PrintOrientation, paper: PaperSize = 'letter'): { width: number; height: number } {
  const { width, height } = PAPER_SIZES[paper];
  return orientation === 'portrait' ? { width, height } : { width: height, height: width };
}

/**
 * The query string with print mode set to `next` (null leaves print mode) on `paper` (unchanged when not given),
 * other parameters kept.
 */
export function printSearch(search: string, next: PrintOrientation | null, paper?: PaperSize): string {
  const params = new URLSearchParams(search);
  if (next === null) {
    params.delete(PRINT_PARAM);
    params.delete(ORIENTATION_PARAM);
    params.delete(PAPER_PARAM);
  } else {
    params.set(PRINT_PARAM, '1');
    if (next === 'landscape') params.set(ORIENTATION_PARAM, 'landscape');
    else params.delete(ORIENTATION_PARAM);
    if (paper === 'a4') params.set(PAPER_PARAM, 'a4');
    else if (paper === 'letter') params.delete(PAPER_PARAM);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
