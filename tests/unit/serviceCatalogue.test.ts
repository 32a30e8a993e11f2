import { describe, expect, it } from 'vitest';
import { fromCatalogue, type CatalogueEntry } from '../../src/features/services/catalogue.js';

const entry = (over: Partial<CatalogueEntry> = {}): CatalogueEntry => ({ id: 'x', name: 'Oil change', description: '', durationMinutes: 0, ...over });

describe('filling a request from the company catalogue', () => {
  it('uses the name alone, or the name and the description after a colon', () => {
    expect(fromCatalogue(entry(), null).description).toBe('Oil change');
    expect(fromCatalogue(entry({ description: '  5W-30, filter included ' }), null).description).toBe('Oil change: 5W-30, filter included');
  });

  it('sets the end from the start and the usual duration, and leaves it alone without either', () => {
    const start = Date.UTC(2026, 10, 24, 9, 0);
    expect(fromCatalogue(entry({ durationMinutes: 90 }), start).endMs).toBe(Date.UTC(2026, 10, 24, 10, 30));
    expect(fromCatalogue(entry({ durationMinutes: 90 }), null).endMs).toBeNull();
    expect(fromCatalogue(entry({ durationMinutes: 0 }), start).endMs).toBeNull();
  });
});
