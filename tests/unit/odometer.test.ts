import { describe, expect, it } from 'vitest';
import {
  checkReadings,
  currentOdometer,
  DEFAULT_DISTANCE_UNIT,
  fromMetres,
  isDistanceUnit,
  toMetres,
  type DistanceUnit,
  type OdometerReading,
} from '../../src/domain/odometer.js';

const reading = (id: string, read_on: string, value: number, unit: DistanceUnit = 'km', created_at = `${read_on}T12:00:00.000Z`): OdometerReading => ({
  id, read_on, value, unit, created_at,
});

const ids = (rs: readonly OdometerReading[]) => rs.map((r) => r.id);

describe('distance units', () => {
  it('knows kilometres and miles and nothing else', () => {
    expect(isDistanceUnit('km')).toBe(true);
    expect(isDistanceUnit('mi')).toBe(true);
    expect(isDistanceUnit('m')).toBe(false);
    expect(isDistanceUnit('KM')).toBe(false);
    expect(isDistanceUnit(1)).toBe(false);
    expect(isDistanceUnit(null)).toBe(false);
    expect(DEFAULT_DISTANCE_UNIT).toBe('km');
  });

  it('converts kilometres and miles to metres', () => {
    expect(toMetres(1, 'km')).toBe(1000);
    expect(toMetres(15_000, 'km')).toBe(15_000_000);
    expect(toMetres(1, 'mi')).toBeCloseTo(1609.344, 9);
    expect(toMetres(10_000, 'mi')).toBeCloseTo(16_093_440, 6);
    expect(toMetres(0, 'mi')).toBe(0);
  });

  it('converts metres back to whole kilometres and miles', () => {
    expect(fromMetres(15_000_000, 'km')).toBe(15_000);
    expect(fromMetres(1609.344, 'mi')).toBe(1);
    expect(fromMetres(toMetres(6500, 'mi'), 'mi')).toBe(6500);
    expect(fromMetres(toMetres(123_456, 'km'), 'km')).toBe(123_456);
  });

  it('rounds to the nearest whole unit, halves up', () => {
    expect(fromMetres(1499, 'km')).toBe(1);
    expect(fromMetres(1500, 'km')).toBe(2);
    expect(fromMetres(1609.344, 'km')).toBe(2);
    expect(fromMetres(804, 'mi')).toBe(0);
    expect(fromMetres(805, 'mi')).toBe(1);
  });

  it('converts between the units both ways', () => {
    // 10,000 mi = 16,093.44 km; 10,000 km = 6,213.71 mi.
    expect(fromMetres(toMetres(10_000, 'mi'), 'km')).toBe(16_093);
    expect(fromMetres(toMetres(10_000, 'km'), 'mi')).toBe(6214);
    expect(fromMetres(toMetres(100, 'mi'), 'km')).toBe(161);
    expect(fromMetres(toMetres(100, 'km'), 'mi')).toBe(62);
  });
});

describe('checking odometer readings', () => {
  it('trusts nothing and flags nothing without readings', () => {
    const checked = checkReadings([]);
    expect(checked.trusted).toEqual([]);
    expect(checked.contradicting.size).toBe(0);
  });

  it('trusts a single reading', () => {
    const r = reading('a', '2025-01-01', 10_000);
    const checked = checkReadings([r]);
    expect(checked.trusted).toEqual([r]);
    expect(checked.contradicting.size).toBe(0);
  });

  it('orders readings by day, then by when they were written, and trusts rising readings', () => {
    const jan = reading('c', '2025-01-01', 10_000, 'km', '2025-03-10T00:00:00.000Z');
    const feb = reading('a', '2025-02-01', 11_000, 'km', '2025-02-01T00:00:00.000Z');
    const mar = reading('b', '2025-03-01', 12_000, 'km', '2025-01-01T00:00:00.000Z');
    const checked = checkReadings([mar, jan, feb]);
    expect(ids(checked.trusted)).toEqual(['c', 'a', 'b']);
    expect(checked.contradicting.size).toBe(0);
  });

  it('does not change the list it is given', () => {
    const input = [reading('b', '2025-02-01', 11_000), reading('a', '2025-01-01', 10_000)];
    checkReadings(input);
    expect(ids(input)).toEqual(['b', 'a']);
  });

  it('trusts equal readings (an odometer may stand still)', () => {
    const checked = checkReadings([reading('a', '2025-01-01', 10_000), reading('b', '2025-02-01', 10_000), reading('c', '2025-03-01', 10_000)]);
    expect(ids(checked.trusted)).toEqual(['a', 'b', 'c']);
    expect(checked.contradicting.size).toBe(0);
  });

  it('flags only one mistyped high reading, not every correct reading after it', () => {
    const checked = checkReadings([
      reading('r1', '2025-01-01', 10_000),
      reading('typo', '2025-02-01', 150_000),
      reading('r3', '2025-03-01', 15_000),
      reading('r4', '2025-04-01', 16_000),
    ]);
    expect([...checked.contradicting]).toEqual(['typo']);
    expect(ids(checked.trusted)).toEqual(['r1', 'r3', 'r4']);
  });

  it('flags a low reading at the end', () => {
    const checked = checkReadings([
      reading('r1', '2025-01-01', 10_000),
      reading('r2', '2025-02-01', 15_000),
      reading('r3', '2025-03-01', 16_000),
      reading('low', '2025-04-01', 1600),
    ]);
    expect([...checked.contradicting]).toEqual(['low']);
    expect(ids(checked.trusted)).toEqual(['r1', 'r2', 'r3']);
  });

  it('flags a low reading in the middle', () => {
    const checked = checkReadings([
      reading('r1', '2025-01-01', 10_000),
      reading('r2', '2025-02-01', 15_000),
      reading('low', '2025-03-01', 1500),
      reading('r4', '2025-04-01', 16_000),
    ]);
    expect([...checked.contradicting]).toEqual(['low']);
  });

  it('between two equally good stories keeps the newer reading', () => {
    const checked = checkReadings([reading('old', '2025-01-01', 10_000), reading('new', '2025-02-01', 5000)]);
    expect(ids(checked.trusted)).toEqual(['new']);
    expect([...checked.contradicting]).toEqual(['old']);
  });

  it('compares readings in different units by distance: a miles reading consistent with km readings is trusted', () => {
    // 9,000 mi = 14,484 km: after 14,000 km and before 15,000 km. Read as kilometres it would be a drop.
    const checked = checkReadings([
      reading('k1', '2025-01-01', 10_000, 'km'),
      reading('k2', '2025-02-01', 14_000, 'km'),
      reading('m3', '2025-03-01', 9000, 'mi'),
      reading('k4', '2025-04-01', 15_000, 'km'),
    ]);
    expect(checked.contradicting.size).toBe(0);
    expect(ids(checked.trusted)).toEqual(['k1', 'k2', 'm3', 'k4']);
  });

  it('flags a miles reading that is a jump once converted, though its number alone would fit', () => {
    // 12,000 mi = 19,312 km: far above the 13,000 km and 14,000 km read after it.
    const checked = checkReadings([
      reading('k1', '2025-01-01', 10_000, 'km'),
      reading('m2', '2025-02-01', 12_000, 'mi'),
      reading('k3', '2025-03-01', 13_000, 'km'),
      reading('k4', '2025-04-01', 14_000, 'km'),
    ]);
    expect([...checked.contradicting]).toEqual(['m2']);
    expect(ids(checked.trusted)).toEqual(['k1', 'k3', 'k4']);
  });

  it('flags a miles reading that is a drop once converted', () => {
    // 8,500 mi = 13,679 km: less than the 14,000 km and 14,600 km read before it.
    const checked = checkReadings([
      reading('k1', '2025-01-01', 10_000, 'km'),
      reading('k2', '2025-02-01', 14_000, 'km'),
      reading('k3', '2025-02-15', 14_600, 'km'),
      reading('m4', '2025-03-01', 8500, 'mi'),
      reading('k5', '2025-04-01', 15_000, 'km'),
    ]);
    expect([...checked.contradicting]).toEqual(['m4']);
    expect(ids(checked.trusted)).toEqual(['k1', 'k2', 'k3', 'k5']);
  });

  it('orders two readings of one day by when they were written, not by id or list order', () => {
    const before = reading('r0', '2025-01-01', 5000);
    // 'a' sorts before 'b' by id, but 'b' was written first.
    const second = reading('a', '2025-02-01', 20_000, 'km', '2025-02-01T10:00:00.000Z');
    const first = reading('b', '2025-02-01', 10_000, 'km', '2025-02-01T09:00:00.000Z');
    const after = reading('r3', '2025-03-01', 21_000);
    const checked = checkReadings([after, second, before, first]);
    expect(checked.contradicting.size).toBe(0);
    expect(ids(checked.trusted)).toEqual(['r0', 'b', 'a', 'r3']);
  });

  it('judges two same-day readings that go down in the order they were written', () => {
    // Written 20,000 then 10,000 (a drop: the newer word wins the tie); by id ('y' < 'z') they would rise.
    const checked = checkReadings([
      reading('r0', '2025-01-01', 5000),
      reading('z', '2025-02-01', 20_000, 'km', '2025-02-01T09:00:00.000Z'),
      reading('y', '2025-02-01', 10_000, 'km', '2025-02-01T10:00:00.000Z'),
      reading('r3', '2025-03-01', 21_000),
    ]);
    expect([...checked.contradicting]).toEqual(['z']);
    expect(ids(checked.trusted)).toEqual(['r0', 'y', 'r3']);
  });
});

describe('the current odometer', () => {
  it('is null before any reading', () => {
    expect(currentOdometer([])).toBeNull();
  });

  it('is the latest reading, in metres, with its day', () => {
    expect(currentOdometer([reading('b', '2025-02-01', 11_000), reading('a', '2025-01-01', 10_000)])).toEqual({
      metres: 11_000_000,
      on: '2025-02-01',
    });
  });

  it('is the latest trusted reading, not a later one that contradicts it', () => {
    const current = currentOdometer([
      reading('r1', '2025-01-01', 10_000),
      reading('r2', '2025-02-01', 15_000),
      reading('r3', '2025-03-01', 16_000),
      reading('low', '2025-04-01', 1600),
    ]);
    expect(current).toEqual({ metres: 16_000_000, on: '2025-03-01' });
  });

  it('is not a mistyped high reading', () => {
    const current = currentOdometer([
      reading('r1', '2025-01-01', 10_000),
      reading('typo', '2025-02-01', 150_000),
      reading('r3', '2025-03-01', 15_000),
    ]);
    expect(current).toEqual({ metres: 15_000_000, on: '2025-03-01' });
  });

  it('counts a miles reading in metres', () => {
    const current = currentOdometer([reading('k', '2025-01-01', 10_000, 'km'), reading('m', '2025-02-01', 9000, 'mi')]);
    expect(current?.on).toBe('2025-02-01');
    expect(current?.metres).toBeCloseTo(9000 * 1609.344, 6);
  });
});
