import { describe, expect, it } from 'vitest';
import { revealOffset } from '../../src/ui/revealInRow.js';

// A phone's row of tabs: 380 px visible of 700 px of tabs.
const view = (scrollLeft: number) => ({ scrollLeft, width: 380, scrollWidth: 700 });

describe('revealOffset', () => {
  it('leaves the row where it is when the item is whole in view', () => {
    expect(revealOffset({ left: 0, width: 100 }, view(0))).toBeNull();
    expect(revealOffset({ left: 280, width: 100 }, view(0))).toBeNull();
    expect(revealOffset({ left: 400, width: 100 }, view(300))).toBeNull();
  });

  it('centres an item beyond the right edge, or cut by it', () => {
    expect(revealOffset({ left: 420, width: 100 }, view(0))).toBe(280);
    expect(revealOffset({ left: 330, width: 100 }, view(0))).toBe(190);
  });

  it('centres an item before the left edge', () => {
    expect(revealOffset({ left: 240, width: 100 }, view(300))).toBe(100);
  });

  it('never scrolls past either end of the row', () => {
    expect(revealOffset({ left: 620, width: 80 }, view(0))).toBe(320);
    expect(revealOffset({ left: 10, width: 100 }, view(200))).toBe(0);
  });
});
