import { describe, expect, it } from 'vitest';
import { LETTER_INCHES, POINTS_PER_INCH, printSearch, printSettings, sheetInches } from '../../src/app/print/printSettings.js';

describe('print mode', () => {
  it('is on for print=1 only, portrait unless landscape is asked for', () => {
    expect(printSettings('?print=1')).toEqual({ enabled: true, orientation: 'portrait' });
    expect(printSettings('?print=1&orientation=landscape')).toEqual({ enabled: true, orientation: 'landscape' });
    expect(printSettings('?print=0')).toMatchObject({ enabled: false });
    expect(printSettings('?orientation=landscape')).toMatchObject({ enabled: false });
  });

  it('prints US Letter: 8.5 × 11 inches, 612 × 792 points', () => {
    expect(sheetInches('portrait')).toEqual({ width: 8.5, height: 11 });
    expect(sheetInches('landscape')).toEqual({ width: 11, height: 8.5 });
    expect([LETTER_INCHES.width * POINTS_PER_INCH, LETTER_INCHES.height * POINTS_PER_INCH]).toEqual([612, 792]);
  });

  it('switches orientation and leaves print mode keeping the other parameters', () => {
    expect(printSearch('?print=1&tab=2', 'landscape')).toBe('?print=1&tab=2&orientation=landscape');
    expect(printSearch('?print=1&orientation=landscape&tab=2', 'portrait')).toBe('?print=1&tab=2');
    expect(printSearch('?print=1&orientation=landscape&tab=2', null)).toBe('?tab=2');
    expect(printSearch('?print=1', null)).toBe('');
  });
});
