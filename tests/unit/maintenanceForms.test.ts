import { describe, expect, it } from 'vitest';
import { parseOdometerInput } from '../../src/domain/odometer.js';
import { matchRoute, vehiclePath } from '../../src/domain/routes.js';
import { buildLogbook } from '../../src/features/vehicles/logbook/logbook.js';
import { parseDoneForm, parseReadingForm, parseReminderForm, type ReminderForm } from '../../src/features/vehicles/maintenance/maintenanceForms.js';

const form = (over: Partial<ReminderForm>): ReminderForm => ({ title: 'Oil change', everyMonths: '', everyDistance: '', dueOn: '', dueDistance: '', email: true, ...over });
const odometer = { metres: 45_000_000, on: '2026-11-01' };

describe('maintenance forms', () => {
  it('reads an odometer typed with thousands separators in any locale, and refuses fractions and nonsense', () => {
    expect(parseOdometerInput('45,000')).toEqual({ ok: true, value: 45_000 });
    expect(parseOdometerInput('45.000')).toEqual({ ok: true, value: 45_000 });
    expect(parseOdometerInput('1.234.567')).toEqual({ ok: true, value: 1_234_567 });
    expect(parseOdometerInput('45 000')).toEqual({ ok: true, value: 45_000 });
    expect(parseOdometerInput('45000')).toEqual({ ok: true, value: 45_000 });
    // Not groups of three: a decimal separator, and 45.00 is a whole 45.
    expect(parseOdometerInput('45,00')).toEqual({ ok: true, value: 45 });
    expect(parseOdometerInput('45,5').ok).toBe(false);
    expect(parseOdometerInput('45000.5').ok).toBe(false);
    expect(parseOdometerInput('-3').ok).toBe(false);
    expect(parseOdometerInput('10000000').ok).toBe(false);
    expect(parseOdometerInput('')).toEqual({ ok: false, error: 'Type the distance the odometer shows' });
    expect(parseOdometerInput('lots').ok).toBe(false);
  });

  it('a reading needs a day and a distance, and keeps the unit it was typed in', () => {
    expect(parseReadingForm({ readOn: '2026-11-28', value: '12,345', note: '  fuel stop ' }, 'mi')).toEqual({
      values: { read_on: '2026-11-28', value: 12_345, unit: 'mi', note: 'fuel stop' },
    });
    expect(parseReadingForm({ readOn: '2026-02-30', value: '', note: '' }, 'km')).toEqual({
      errors: { readOn: 'Pick the day of the reading', value: 'Type the distance the odometer shows' },
    });
  });

  it('a repeating reminder left without a due point is first due an interval from today and from the last reading', () => {
    expect(parseReminderForm(form({ everyMonths: '12', everyDistance: '10,000' }), 'km', '2026-11-28', odometer)).toEqual({
      values: { title: 'Oil change', due_on: '2027-11-28', due_distance: 55_000, distance_unit: 'km', every_months: 12, every_distance: 10_000, email: 1 },
    });
    // The reading in the person's unit: 45,000 km is 27,962 mi.
    const inMiles = parseReminderForm(form({ everyDistance: '5000', email: false }), 'mi', '2026-11-28', odometer);
    expect(inMiles).toMatchObject({ values: { due_on: null, due_distance: 32_962, distance_unit: 'mi', every_months: null, email: 0 } });
  });

  it('a due point typed wins over the counted one; a one-off needs one', () => {
    expect(parseReminderForm(form({ everyMonths: '6', dueOn: '2027-01-15', dueDistance: '50000' }), 'km', '2026-11-28', odometer)).toMatchObject({
      values: { due_on: '2027-01-15', due_distance: 50_000, every_months: 6 },
    });
    expect(parseReminderForm(form({}), 'km', '2026-11-28', odometer)).toEqual({
      errors: { dueOn: 'Give a day or an odometer reading it is due at, or how often it repeats' },
    });
    // By distance alone, with no reading yet to count from.
    expect(parseReminderForm(form({ everyDistance: '5000' }), 'km', '2026-11-28', null)).toEqual({
      errors: { dueDistance: 'Add an odometer reading first, or type the reading it is due at' },
    });
  });

  it('refuses a blank title, intervals out of range and a day that does not exist', () => {
    const parsed = parseReminderForm(form({ title: '   ', everyMonths: '0', everyDistance: '2000000', dueOn: '2027-13-01' }), 'km', '2026-11-28', odometer);
    expect(parsed).toEqual({
      errors: {
        title: 'Say what is due, like "Oil change"',
        everyMonths: 'Type a number from 1 to 240',
        everyDistance: 'Type a distance from 1 to 1000000',
        dueOn: 'Pick a day, or leave it empty',
      },
    });
  });

  it('marking done takes a day and, if given, the odometer then', () => {
    expect(parseDoneForm({ doneOn: '2026-11-28', value: '' })).toEqual({ values: { done_on: '2026-11-28', value: null } });
    expect(parseDoneForm({ doneOn: '2026-11-28', value: '27.150' })).toEqual({ values: { done_on: '2026-11-28', value: 27_150 } });
    expect(parseDoneForm({ doneOn: '', value: '1.5' })).toEqual({ errors: { doneOn: 'Pick the day it was done', value: 'Type a whole number' } });
  });
});

describe('maintenance pages', () => {
  it('have their address in the vehicle area', () => {
    expect(vehiclePath('abcdefghijklmnopqrstuv', 'maintenance')).toBe('/vehicle/abcdefghijklmnopqrstuv/maintenance');
    expect(matchRoute('/vehicle/abcdefghijklmnopqrstuv/maintenance')).toEqual({
      name: 'vehicle', vehicleId: 'abcdefghijklmnopqrstuv', section: { view: 'maintenance' },
    });
  });

  it('the logbook tells each reminder done and each reading, by their days', () => {
    const entries = buildLogbook({
      vehicle: { id: 'v', created_at: '2026-01-01T10:00:00.000Z' }, events: [], notes: [], services: [], trackSessions: [],
      remindersDone: [{ id: 'c1', done_on: '2026-11-14', title: 'Oil change', reading: '21,450 mi' }],
      readings: [
        { id: 'r1', read_on: '2026-11-26', reading: '25,480 mi', contradicting: false },
        { id: 'r2', read_on: '2026-11-20', reading: '2,548 mi', contradicting: true },
      ],
      duration: () => '',
    });
    expect(entries.map((e) => [e.kind, e.title, e.detail, e.at])).toEqual([
      ['odometer', 'Odometer 25,480 mi', null, '2026-11-26'],
      ['odometer', 'Odometer 2,548 mi', "Doesn't fit the readings around it; left out of the figures", '2026-11-20'],
      ['reminder-done', 'Oil change done', 'Odometer 21,450 mi', '2026-11-14'],
      ['added', 'Vehicle added', null, '2026-01-01T10:00:00.000Z'],
    ]);
  });
});
