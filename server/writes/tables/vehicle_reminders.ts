import { DISTANCE_UNITS } from '../../../src/domain/odometer.js';
import { REMINDER_LIMITS } from '../../../src/domain/reminders.js';
import { DATE, FLAG, HAPPENED, int, kept, needed, ref, text } from '../columns.js';
import { invalid, NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { vehicleRecordPermission } from './vehicleRecord.js';

const count = (limits: { min: number; max: number }) => int(limits.min, limits.max);

/**
 * Maintenance reminders on a vehicle, kept by its owner (vehicleRecord.ts). The database holds a reminder to be due
 * by something (a day or a reading); src/domain/reminders.ts says when.
 */
export const vehicle_reminders = {
  columns: {
    vehicle_id: needed(ref('vehicles'), 'A reminder belongs to a vehicle'), user_id: needed(ref('users'), 'A reminder names who set it'),
    title: needed(text(REMINDER_LIMITS.title), 'A reminder needs a title'),
    due_on: DATE, due_distance: count(REMINDER_LIMITS.dueDistance),
    distance_unit: needed({ kind: 'choice', values: DISTANCE_UNITS.map((u) => u.value) }, 'A reminder needs its distance unit'),
    every_months: count(REMINDER_LIMITS.everyMonths), every_distance: count(REMINDER_LIMITS.everyDistance),
    email: kept(FLAG, 'A reminder either mails or does not'), deleted_at: HAPPENED,
  },
  madeOnDevice: { column: 'vehicle_id', parent: 'vehicles' },
  forOthersThanAdmins: vehicleRecordPermission,
  // What the database holds too (migration 0027), said in a person's words rather than refused by the database.
  values: ({ next }) => (next !== null && next.due_on == null && next.due_distance == null ? invalid('A reminder is due on a day, at a reading, or both') : null),
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
