import { describe, expect, it } from 'vitest';
import { LETTER_INCHES, POINTS_PER_INCH, printSearch, printSettings, sheetInches } from '../../src/app/print/printSettings.js';

describe('print mode', () => {
  it('is on for print=1 only, portrait unless landscape is asked for', () => {
    expect(printSettings('?print=1')).toEqual({ enabled: true, orientation: 'portrait', paper: 'letter' });
    expect(printSettings('?print=1&orientation=landscape')).toEqual({ enabled: true, orientation: 'landscape', paper: 'letter' });
    expect(printSettings('?print=1&paper=a4')).toEqual({ enabled: true, orientation: 'portrait', paper: 'a4' });
    expect(printSettings('?print=1&paper=legal')).toMatchObject({ paper: 'letter' });
    expect(printSettings('?print=0')).toMatchObject({ enabled: false });
    expect(printSettings('?orientation=landscape')).toMatchObject({ enabled: false });
  });

  it('prints US Letter: 8.5 × 11 inches, 612 × 792 points', () => {
    expect(sheetInches('portrait')).toEqual({ width: 8.5, height: 11 });
    expect(sheetInches('landscape')).toEqual({ width: 11, height: 8.5 });
    expect([LETTER_INCHES.width * POINTS_PER_INCH, LETTER_INCHES.height * POINTS_PER_INCH]).toEqual([612, 792]);
  });

  it('prints A4 at 210 × 297 mm: 595.28 × 841.89 points', () => {
    const a4 = sheetInches('portrait', 'a4');
    expect(a4.width * 25.4).toBeCloseTo(210, 9);
    expect(a4.height * 25.4).toBeCloseTo(297, 9);
    expect(a4.width * POINTS_PER_INCH).toBeCloseTo(595.28, 2);
    expect(sheetInches('landscape', 'a4')).toEqual({ width: a4.height, height: a4.width });
  });

  it('switches paper, keeping it when only the orientation changes, and forgets it with print mode', () => {
    expect(printSearch('?print=1', 'portrait', 'a4')).toBe('?print=1&paper=a4');
    expect(printSearch('?print=1&paper=a4', 'landscape')).toBe('?print=1&paper=a4&orientation=landscape');
    expect(printSearch('?print=1&paper=a4', 'portrait', 'letter')).toBe('?print=1');
    expect(printSearch('?print=1&paper=a4&x=1', null)).toBe('?x=1');
  });

  it('switches orientation and leaves print mode keeping the other parameters', () => {
    expect(printSearch('?print=1&tab=2', 'landscape')).toBe('?print=1&tab=2&orientation=landscape');
    expect(printSearch('?print=1&orientation=landscape&tab=2', 'portrait')).toBe('?print=1&tab=2');
    expect(printSearch('?print=1&orientation=landscape&tab=2', null)).toBe('?tab=2');
    expect(printSearch('?print=1', null)).toBe('');
  });
});
