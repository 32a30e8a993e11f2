import { describe, expect, it } from 'vitest';
import { labelGaps, labelPages, LABELS_PER_PAGE, TAG_LABEL_LAYOUT } from '../../src/domain/tagLabels.js';
import { LETTER_INCHES } from '../../src/app/print/printSettings.js';

describe('tag label pages', () => {
  it('puts 12 labels on a page and never splits a label across pages', () => {
    expect(LABELS_PER_PAGE).toBe(12);
    const hashes = Array.from({ length: 30 }, (_, i) => `TAG${String(i).padStart(5, '0')}`);
    const pages = labelPages(hashes);
    expect(pages.map((p) => p.length)).toEqual([12, 12, 6]);
    expect(pages.flat()).toEqual(hashes);
    expect(labelPages([])).toEqual([]);
    expect(labelPages(hashes.slice(0, 12)).length).toBe(1);
  });

  it('fits the labels on a Letter page inside its margins, with room between them', () => {
    const gaps = labelGaps(LETTER_INCHES);
    expect(gaps.column).toBeCloseTo(0.75);
    expect(gaps.row).toBeCloseTo(2 / 3);
    const { labelInches, columns, rows, marginInches } = TAG_LABEL_LAYOUT;
    expect(2 * marginInches + columns * labelInches + (columns - 1) * gaps.column).toBeCloseTo(LETTER_INCHES.width);
    expect(2 * marginInches + rows * labelInches + (rows - 1) * gaps.row).toBeCloseTo(LETTER_INCHES.height);
  });
});
