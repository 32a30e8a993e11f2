import { describe, expect, it } from 'vitest';
import type { DistanceUnit, OdometerReading } from '../../src/domain/odometer.js';
import {
  addMonths,
  DUE_SOON,
  dueKey,
  needsAttention,
  reminderStatus,
  repeats,
  type ReminderCompletion,
  type ReminderRule,
} from '../../src/domain/reminders.js';

const rule = (over: Partial<ReminderRule> = {}): ReminderRule => ({
  id: 'rem', title: 'Oil change', due_on: null, due_distance: null, distance_unit: 'km', every_months: null, every_distance: null, ...over,
});
const reading = (id: string, read_on: string, value: number, unit: DistanceUnit = 'km', created_at = `${read_on}T12:00:00.000Z`): OdometerReading => ({
  id, read_on, value, unit, created_at,
});
const done = (
  id: string, done_on: string, reading_id: string | null = null, reminder_id = 'rem', created_at = `${done_on}T12:00:00.000Z`,
): ReminderCompletion => ({ id, reminder_id, done_on, reading_id, created_at });

describe('adding months', () => {
  it('adds months within a year', () => {
    expect(addMonths('2025-03-15', 1)).toBe('2025-04-15');
    expect(addMonths('2025-03-15', 6)).toBe('2025-09-15');
    expect(addMonths('2025-03-15', 0)).toBe('2025-03-15');
  });

  it('keeps the day within a shorter month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', 1)).toBe('2025-04-30');
    expect(addMonths('2025-08-31', 1)).toBe('2025-09-30');
    expect(addMonths('2025-01-30', 1)).toBe('2025-02-28');
  });

  it('does not carry a clamped day into later months', () => {
    expect(addMonths('2025-01-31', 2)).toBe('2025-03-31');
  });

  it('crosses into the next year', () => {
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-12-31', 14)).toBe('2027-02-28');
  });

  it('adds a whole year as 12 months', () => {
    expect(addMonths('2025-06-10', 12)).toBe('2026-06-10');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2025-01-01', 240)).toBe('2045-01-01');
  });
});

describe('repeats', () => {
  it('is true with either interval', () => {
    expect(repeats({ every_months: null, every_distance: null })).toBe(false);
    expect(repeats({ every_months: 12, every_distance: null })).toBe(true);
    expect(repeats({ every_months: null, every_distance: 10_000 })).toBe(true);
    expect(repeats({ every_months: 6, every_distance: 5000 })).toBe(true);
  });
});

describe('a reminder due by date', () => {
  const byDate = rule({ due_on: '2025-06-30' });

  it('is upcoming more than 30 days ahead', () => {
    const status = reminderStatus(byDate, [], [], '2025-05-01');
    expect(status).toEqual({ state: 'upcoming', dueOn: '2025-06-30', dueDistance: null, daysLeft: 60, distanceLeft: null, lastDone: null });
  });

  it('is upcoming at 31 days and due soon at exactly 30 days', () => {
    expect(DUE_SOON.days).toBe(30);
    const at31 = reminderStatus(byDate, [], [], '2025-05-30');
    expect(at31.daysLeft).toBe(31);
    expect(at31.state).toBe('upcoming');
    const at30 = reminderStatus(byDate, [], [], '2025-05-31');
    expect(at30.daysLeft).toBe(30);
    expect(at30.state).toBe('due-soon');
  });

  it('is due soon the day before', () => {
    const status = reminderStatus(byDate, [], [], '2025-06-29');
    expect(status.daysLeft).toBe(1);
    expect(status.state).toBe('due-soon');
  });

  it('is overdue on the day', () => {
    const status = reminderStatus(byDate, [], [], '2025-06-30');
    expect(status.daysLeft).toBe(0);
    expect(status.state).toBe('overdue');
  });

  it('is overdue after the day, with negative days left', () => {
    const status = reminderStatus(byDate, [], [], '2025-07-03');
    expect(status.daysLeft).toBe(-3);
    expect(status.state).toBe('overdue');
  });

  it('counts calendar days across months and a leap day', () => {
    expect(reminderStatus(rule({ due_on: '2024-03-01' }), [], [], '2024-02-01').daysLeft).toBe(29);
    expect(reminderStatus(rule({ due_on: '2025-03-01' }), [], [], '2025-02-01').daysLeft).toBe(28);
    expect(reminderStatus(rule({ due_on: '2026-01-01' }), [], [], '2025-01-01').daysLeft).toBe(365);
  });

  it('ignores readings for a date-only reminder', () => {
    const status = reminderStatus(byDate, [], [reading('r', '2025-05-01', 999_999)], '2025-05-01');
    expect(status.distanceLeft).toBeNull();
    expect(status.dueDistance).toBeNull();
    expect(status.state).toBe('upcoming');
  });
});

describe('a reminder due by distance', () => {
  const byKm = rule({ due_distance: 20_000 });
  const at = (value: number, unit: DistanceUnit = 'km') => [reading('r0', '2025-01-01', 10_000), reading('r1', '2025-05-01', value, unit)];

  it('is upcoming more than 1000 km away', () => {
    const status = reminderStatus(byKm, [], at(18_500), '2025-05-01');
    expect(status).toEqual({ state: 'upcoming', dueOn: null, dueDistance: 20_000, daysLeft: null, distanceLeft: 1500, lastDone: null });
  });

  it('is upcoming at 1001 km and due soon at exactly 1000 km', () => {
    expect(DUE_SOON.distance.km).toBe(1000);
    const at1001 = reminderStatus(byKm, [], at(18_999), '2025-05-01');
    expect(at1001.distanceLeft).toBe(1001);
    expect(at1001.state).toBe('upcoming');
    const at1000 = reminderStatus(byKm, [], at(19_000), '2025-05-01');
    expect(at1000.distanceLeft).toBe(1000);
    expect(at1000.state).toBe('due-soon');
  });

  it('is overdue at the reading and past it', () => {
    const on = reminderStatus(byKm, [], at(20_000), '2025-05-01');
    expect(on.distanceLeft).toBe(0);
    expect(on.state).toBe('overdue');
    const past = reminderStatus(byKm, [], at(20_500), '2025-05-01');
    expect(past.distanceLeft).toBe(-500);
    expect(past.state).toBe('overdue');
  });

  it('counts from the latest reading, not the first', () => {
    const status = reminderStatus(byKm, [], [reading('new', '2025-05-01', 19_500), reading('old', '2025-01-01', 5000)], '2025-05-01');
    expect(status.distanceLeft).toBe(500);
  });

  it('uses 600 mi as due soon for a miles reminder', () => {
    expect(DUE_SOON.distance.mi).toBe(600);
    const byMi = rule({ due_distance: 12_000, distance_unit: 'mi' });
    const at601 = reminderStatus(byMi, [], [reading('r', '2025-05-01', 11_399, 'mi')], '2025-05-01');
    expect(at601.distanceLeft).toBe(601);
    expect(at601.state).toBe('upcoming');
    const at600 = reminderStatus(byMi, [], [reading('r', '2025-05-01', 11_400, 'mi')], '2025-05-01');
    expect(at600.distanceLeft).toBe(600);
    expect(at600.state).toBe('due-soon');
  });

  it('counts a miles reminder in miles when the readings are in kilometres', () => {
    const byMi = rule({ due_distance: 12_000, distance_unit: 'mi' });
    // 17,800 km = 11,060 mi: 940 mi left, not due soon in miles (though 940 would be in kilometres).
    const far = reminderStatus(byMi, [], [reading('r', '2025-05-01', 17_800, 'km')], '2025-05-01');
    expect(far.distanceLeft).toBe(940);
    expect(far.state).toBe('upcoming');
    // 19,400 km = 12,055 mi: past it.
    const past = reminderStatus(byMi, [], [reading('r', '2025-05-01', 19_400, 'km')], '2025-05-01');
    expect(past.distanceLeft).toBe(-55);
    expect(past.state).toBe('overdue');
  });

  it('counts a km reminder in km when the readings are in miles', () => {
    // 12,000 mi = 19,312 km.
    const status = reminderStatus(byKm, [], [reading('r', '2025-05-01', 12_000, 'mi')], '2025-05-01');
    expect(status.distanceLeft).toBe(688);
    expect(status.state).toBe('due-soon');
  });

  it('has no distance left and is not overdue without readings', () => {
    const status = reminderStatus(rule({ due_distance: 0 }), [], [], '2025-05-01');
    expect(status.dueDistance).toBe(0);
    expect(status.distanceLeft).toBeNull();
    expect(status.daysLeft).toBeNull();
    expect(status.state).toBe('upcoming');
  });
});

describe('a reminder due by date or distance, whichever comes first', () => {
  const both = rule({ due_on: '2026-12-31', due_distance: 20_000 });

  it('is upcoming while both are far', () => {
    const status = reminderStatus(both, [], [reading('r', '2025-05-01', 10_000)], '2025-05-01');
    expect(status.state).toBe('upcoming');
    expect(status.daysLeft).toBe(609);
    expect(status.distanceLeft).toBe(10_000);
  });

  it('is due soon, then overdue, by distance while the date is far', () => {
    const soon = reminderStatus(both, [], [reading('r', '2025-05-01', 19_500)], '2025-05-01');
    expect(soon.state).toBe('due-soon');
    expect(soon.daysLeft).toBe(609);
    const over = reminderStatus(both, [], [reading('r', '2025-05-01', 20_100)], '2025-05-01');
    expect(over.state).toBe('overdue');
    expect(over.distanceLeft).toBe(-100);
  });

  it('is due soon, then overdue, by date while the distance is far', () => {
    const near = rule({ due_on: '2025-05-11', due_distance: 20_000 });
    const readings = [reading('r', '2025-05-01', 5000)];
    const soon = reminderStatus(near, [], readings, '2025-05-01');
    expect(soon.state).toBe('due-soon');
    expect(soon.distanceLeft).toBe(15_000);
    const over = reminderStatus(near, [], readings, '2025-05-12');
    expect(over.state).toBe('overdue');
    expect(over.daysLeft).toBe(-1);
    expect(over.distanceLeft).toBe(15_000);
  });

  it('is overdue when one is overdue and the other only due soon', () => {
    const status = reminderStatus(rule({ due_on: '2025-05-10', due_distance: 20_000 }), [], [reading('r', '2025-05-01', 20_000)], '2025-05-01');
    expect(status.state).toBe('overdue');
  });
});

describe('a repeating reminder', () => {
  const oil = rule({ due_on: '2025-01-01', due_distance: 10_000, every_months: 12, every_distance: 10_000 });
  const readings = [
    reading('r1', '2025-01-05', 9000),
    reading('r2', '2025-02-10', 12_000),
    reading('r3', '2025-03-01', 13_000),
  ];

  it('is due at its first due point before any completion', () => {
    const status = reminderStatus(oil, [], readings, '2025-03-01');
    expect(status.dueOn).toBe('2025-01-01');
    expect(status.dueDistance).toBe(10_000);
    expect(status.distanceLeft).toBe(-3000);
    expect(status.state).toBe('overdue');
    expect(status.lastDone).toBeNull();
  });

  it('after a completion with a reading is next due that day plus the months and that reading plus the distance', () => {
    const completion = done('c1', '2025-02-10', 'r2');
    const status = reminderStatus(oil, [completion], readings, '2025-03-01');
    expect(status.dueOn).toBe('2026-02-10');
    expect(status.dueDistance).toBe(22_000);
    expect(status.distanceLeft).toBe(9000);
    expect(status.daysLeft).toBe(346);
    expect(status.state).toBe('upcoming');
    expect(status.lastDone).toBe(completion);
  });

  it('counts the months from the completion with clamping', () => {
    const status = reminderStatus(rule({ due_on: '2024-01-01', every_months: 1 }), [done('c', '2025-01-31')], [], '2025-02-01');
    expect(status.dueOn).toBe('2025-02-28');
    expect(status.daysLeft).toBe(27);
    expect(status.state).toBe('due-soon');
  });

  it('converts a completion reading in miles to a km reminder', () => {
    // 10,000 mi = 16,093 km.
    const status = reminderStatus(
      rule({ due_distance: 5000, every_distance: 10_000 }),
      [done('c', '2025-02-01', 'm')],
      [reading('m', '2025-02-01', 10_000, 'mi')],
      '2025-02-01',
    );
    expect(status.dueDistance).toBe(26_093);
    expect(status.distanceLeft).toBe(10_000);
  });

  it('converts a completion reading in km to a miles reminder', () => {
    // 16,093 km = 10,000 mi (9,999.7 rounded).
    const status = reminderStatus(
      rule({ due_distance: 5000, distance_unit: 'mi', every_distance: 6000 }),
      [done('c', '2025-02-01', 'k')],
      [reading('k', '2025-02-01', 16_093, 'km')],
      '2025-02-01',
    );
    expect(status.dueDistance).toBe(16_000);
    expect(status.distanceLeft).toBe(6000);
  });

  it('without a reading counts the distance from the last trusted reading on or before the day it was done', () => {
    const status = reminderStatus(oil, [done('c', '2025-02-20')], readings, '2025-03-01');
    // r2 (12,000, 10 Feb) is the last before 20 Feb; r3 (13,000, 1 Mar) is after it.
    expect(status.dueDistance).toBe(22_000);
    expect(status.distanceLeft).toBe(9000);
    expect(status.dueOn).toBe('2026-02-20');
  });

  it('without a reading counts a reading of that same day', () => {
    const status = reminderStatus(oil, [done('c', '2025-03-01')], readings, '2025-03-01');
    expect(status.dueDistance).toBe(23_000);
  });

  it('without a reading and with none before it has no distance to count from', () => {
    const status = reminderStatus(oil, [done('c', '2025-01-01')], readings, '2025-03-01');
    expect(status.dueDistance).toBeNull();
    expect(status.distanceLeft).toBeNull();
    expect(status.dueOn).toBe('2026-01-01');
    expect(status.state).toBe('upcoming');
  });

  it('without a reading skips a contradicting reading before the day it was done', () => {
    const withTypo = [
      reading('r1', '2025-01-05', 10_000),
      reading('typo', '2025-02-01', 150_000),
      reading('r3', '2025-03-01', 15_000),
      reading('r4', '2025-04-01', 16_000),
    ];
    const status = reminderStatus(oil, [done('c', '2025-02-15')], withTypo, '2025-04-01');
    expect(status.dueDistance).toBe(20_000);
    expect(status.distanceLeft).toBe(4000);
  });

  it('counts from the latest completion when there are several, whatever their order', () => {
    const first = done('c1', '2025-02-10', 'r2');
    const latest = done('c2', '2025-03-01', 'r3');
    const status = reminderStatus(oil, [latest, first], readings, '2025-03-01');
    expect(status.lastDone).toBe(latest);
    expect(status.dueOn).toBe('2026-03-01');
    expect(status.dueDistance).toBe(23_000);
    expect(reminderStatus(oil, [first, latest], readings, '2025-03-01').lastDone).toBe(latest);
  });

  it('of two completions on one day counts from the one written last', () => {
    const early = done('b', '2025-02-10', 'r1', 'rem', '2025-02-10T08:00:00.000Z');
    const late = done('a', '2025-02-10', 'r2', 'rem', '2025-02-10T09:00:00.000Z');
    const status = reminderStatus(oil, [early, late], readings, '2025-03-01');
    expect(status.lastDone).toBe(late);
    expect(status.dueDistance).toBe(22_000);
  });

  it('repeating by months only has no distance after a completion', () => {
    const status = reminderStatus(rule({ due_on: '2025-01-01', due_distance: 10_000, every_months: 6 }), [done('c', '2025-02-10', 'r2')], readings, '2025-03-01');
    expect(status.dueOn).toBe('2025-08-10');
    expect(status.dueDistance).toBeNull();
    expect(status.distanceLeft).toBeNull();
    expect(status.state).toBe('upcoming');
  });

  it('repeating by distance only has no date after a completion', () => {
    const status = reminderStatus(rule({ due_on: '2025-01-01', due_distance: 10_000, every_distance: 1500 }), [done('c', '2025-02-10', 'r2')], readings, '2025-03-01');
    expect(status.dueOn).toBeNull();
    expect(status.daysLeft).toBeNull();
    expect(status.dueDistance).toBe(13_500);
    expect(status.distanceLeft).toBe(500);
    expect(status.state).toBe('due-soon');
  });

  it('becomes overdue again once the next due point passes', () => {
    const later = [...readings, reading('r4', '2026-01-01', 22_100)];
    const status = reminderStatus(oil, [done('c1', '2025-02-10', 'r2')], later, '2026-01-01');
    expect(status.distanceLeft).toBe(-100);
    expect(status.state).toBe('overdue');
  });
});

describe('a one-off reminder', () => {
  it('is done once it has a completion, even past its due point', () => {
    const completion = done('c', '2025-07-01');
    const status = reminderStatus(rule({ due_on: '2025-06-30', due_distance: 20_000 }), [completion], [reading('r', '2025-07-01', 25_000)], '2025-08-01');
    expect(status).toEqual({ state: 'done', dueOn: null, dueDistance: null, daysLeft: null, distanceLeft: null, lastDone: completion });
  });

  it('is not done by a completion of another reminder', () => {
    const status = reminderStatus(rule({ due_on: '2025-06-30' }), [done('c', '2025-07-01', null, 'other')], [], '2025-07-01');
    expect(status.state).toBe('overdue');
    expect(status.lastDone).toBeNull();
  });
});

describe('completions of another reminder', () => {
  it('do not move a repeating reminder’s due point', () => {
    const oil = rule({ due_on: '2025-01-01', due_distance: 10_000, every_months: 12, every_distance: 10_000 });
    const readings = [reading('r1', '2025-01-05', 9000), reading('r2', '2025-02-10', 12_000)];
    const mine = done('mine', '2025-01-05', 'r1');
    const theirs = done('theirs', '2025-02-10', 'r2', 'tyres');
    const status = reminderStatus(oil, [theirs, mine], readings, '2025-02-10');
    expect(status.lastDone).toBe(mine);
    expect(status.dueOn).toBe('2026-01-05');
    expect(status.dueDistance).toBe(19_000);
  });
});

describe('contradicting readings', () => {
  const withHighTypo = [
    reading('r1', '2025-01-01', 10_000),
    reading('typo', '2025-02-01', 150_000),
    reading('r3', '2025-03-01', 15_000),
    reading('r4', '2025-04-01', 16_000),
  ];

  it('do not make a reminder overdue', () => {
    const status = reminderStatus(rule({ due_distance: 100_000 }), [], withHighTypo, '2025-04-01');
    expect(status.distanceLeft).toBe(84_000);
    expect(status.state).toBe('upcoming');
  });

  it('do not hide that a reminder is overdue (a low reading at the end)', () => {
    const readings = [reading('r1', '2025-01-01', 10_000), reading('r2', '2025-02-01', 15_000), reading('r3', '2025-03-01', 21_000), reading('low', '2025-04-01', 2100)];
    const status = reminderStatus(rule({ due_distance: 20_000 }), [], readings, '2025-04-01');
    expect(status.distanceLeft).toBe(-1000);
    expect(status.state).toBe('overdue');
  });

  it('are not the base of a completion that names them: the last trusted reading on or before its day is', () => {
    const oil = rule({ due_distance: 10_000, every_distance: 10_000 });
    const status = reminderStatus(oil, [done('c', '2025-02-01', 'typo')], withHighTypo, '2025-04-01');
    expect(status.dueDistance).toBe(20_000);
    expect(status.distanceLeft).toBe(4000);
    expect(status.state).toBe('upcoming');
  });
});

describe('the due key', () => {
  it('is made of the due day and distance', () => {
    expect(dueKey({ dueOn: '2025-06-30', dueDistance: 20_000 })).toBe('2025-06-30|20000');
    expect(dueKey({ dueOn: '2025-06-30', dueDistance: null })).toBe('2025-06-30|');
    expect(dueKey({ dueOn: null, dueDistance: 20_000 })).toBe('|20000');
    expect(dueKey({ dueOn: null, dueDistance: null })).toBe('|');
  });

  it('changes after a completion of a repeating reminder', () => {
    const oil = rule({ due_on: '2025-01-01', due_distance: 10_000, every_months: 12, every_distance: 10_000 });
    const readings = [reading('r1', '2025-01-05', 9000), reading('r2', '2025-02-10', 12_000)];
    const before = dueKey(reminderStatus(oil, [], readings, '2025-02-10'));
    const after = dueKey(reminderStatus(oil, [done('c', '2025-02-10', 'r2')], readings, '2025-02-10'));
    expect(before).toBe('2025-01-01|10000');
    expect(after).toBe('2026-02-10|22000');
    const again = dueKey(reminderStatus(oil, [done('c', '2025-02-10', 'r2'), done('d', '2026-02-01', null)], [...readings, reading('r3', '2026-01-20', 21_000)], '2026-02-01'));
    expect(again).toBe('2027-02-01|31000');
  });

  it('changes when a one-off reminder is done', () => {
    const once = rule({ due_on: '2025-06-30' });
    expect(dueKey(reminderStatus(once, [], [], '2025-07-01'))).toBe('2025-06-30|');
    expect(dueKey(reminderStatus(once, [done('c', '2025-07-01')], [], '2025-07-01'))).toBe('|');
  });
});

describe('needing attention', () => {
  it('is for overdue and due-soon reminders only', () => {
    expect(needsAttention('overdue')).toBe(true);
    expect(needsAttention('due-soon')).toBe(true);
    expect(needsAttention('upcoming')).toBe(false);
    expect(needsAttention('done')).toBe(false);
  });

  it('follows the state a reminder is in', () => {
    const byDate = rule({ due_on: '2025-06-30' });
    expect(needsAttention(reminderStatus(byDate, [], [], '2025-05-01').state)).toBe(false);
    expect(needsAttention(reminderStatus(byDate, [], [], '2025-06-15').state)).toBe(true);
    expect(needsAttention(reminderStatus(byDate, [], [], '2025-07-15').state)).toBe(true);
    expect(needsAttention(reminderStatus(byDate, [done('c', '2025-07-01')], [], '2025-07-15').state)).toBe(false);
  });
});
