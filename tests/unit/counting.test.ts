import { describe, expect, it } from 'vitest';
import { counted } from '../../src/domain/counting.js';

describe('counted', () => {
  it('puts the noun in the number its count needs', () => {
    expect(counted(1, 'note')).toBe('1 note');
    expect(counted(2, 'note')).toBe('2 notes');
    expect(counted(0, 'note')).toBe('0 notes');
    expect(counted(1, 'person', 'people')).toBe('1 person');
    expect(counted(3, 'person', 'people')).toBe('3 people');
  });
});
