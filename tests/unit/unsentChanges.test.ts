import { describe, expect, it } from 'vitest';
import { unsentFrom } from '../../src/data/unsentChanges.js';

describe('unsent changes from the upload queue', () => {
  it('counts every queued change and knows each row that has one', () => {
    const unsent = unsentFrom([
      { type: 'vehicle_notes', id: 'n1', n: 2 },
      { type: 'worktime', id: 'w1', n: 1 },
    ]);
    expect(unsent.count).toBe(3);
    expect([...unsent.rows].sort()).toEqual(['vehicle_notes/n1', 'worktime/w1']);
  });

  it('tells rows of different tables with the same id apart', () => {
    const unsent = unsentFrom([{ type: 'vehicles', id: 'v1', n: 1 }]);
    expect(unsent.rows.has('vehicles/v1')).toBe(true);
    expect(unsent.rows.has('vehicles_info/v1')).toBe(false);
  });

  it('an empty queue: nothing waits', () => {
    expect(unsentFrom([]).count).toBe(0);
    expect(unsentFrom([]).rows.size).toBe(0);
  });
});
