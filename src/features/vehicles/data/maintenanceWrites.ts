import { newId } from '../../../domain/ids.js';
import type { DistanceUnit } from '../../../domain/odometer.js';
import { whenDatabaseReady } from '../../../data/databaseState.js';
import { addOdometerReading } from '../../../data/odometer.js';
import type { ReadingValues, ReminderValues } from '../maintenance/maintenanceForms.js';

// Maintenance writes go to the local database (offline first) and upload when there is a network; the server checks
// each (server/writes/tables/odometer_readings.ts and its neighbours). The page shows the device's own rows, so a
// write shows at once. Each reads the clock when the person acts: created_at is the time of making, which the server
// keeps. Removing is a soft delete (deleted_at), like notes.

type Values = Record<string, string | number | null>;

const clockNow = () => new Date().toISOString();

function insertSql(table: string, values: Values): [string, (string | number | null)[]] {
  const columns = Object.keys(values);
  return [`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, columns.map((c) => values[c] ?? null)];
}

async function insert(table: string, values: Values): Promise<void> {
  const db = await whenDatabaseReady();
  await db.execute(...insertSql(table, values));
}

/** Table names come from this module only; ids are parameters. */
async function softDelete(table: 'odometer_readings' | 'vehicle_reminders' | 'reminder_completions', id: string): Promise<void> {
  const at = clockNow();
  const db = await whenDatabaseReady();
  await db.execute(`UPDATE ${table} SET deleted_at = ?, updated_at = ? WHERE id = ?`, [at, at, id]);
}

const made = (at: string) => ({ created_at: at, updated_at: at });

export async function addReading(vehicleId: string, userId: string, values: ReadingValues): Promise<void> {
  await addOdometerReading({ vehicle_id: vehicleId, user_id: userId, ...values });
}

export const removeReading = (id: string) => softDelete('odometer_readings', id);

export async function addReminder(vehicleId: string, userId: string, values: ReminderValues): Promise<void> {
  await insert('vehicle_reminders', { id: newId(), vehicle_id: vehicleId, user_id: userId, ...values, ...made(clockNow()) });
}

export const removeReminder = (id: string) => softDelete('vehicle_reminders', id);

export async function setReminderEmail(id: string, email: boolean): Promise<void> {
  const db = await whenDatabaseReady();
  await db.execute('UPDATE vehicle_reminders SET email = ?, updated_at = ? WHERE id = ?', [email ? 1 : 0, clockNow(), id]);
}

/**
 * Marks a reminder done: the completion, and the odometer reading given with it, in one transaction (they upload
 * together, so the server never holds a completion naming a reading it lacks). The next due point follows from it.
 */
export async function markReminderDone(
  reminder: { id: string; vehicle_id: string },
  userId: string,
  done: { done_on: string; value: number | null },
  unit: DistanceUnit,
  title: string,
): Promise<void> {
  const at = clockNow();
  const db = await whenDatabaseReady();
  await db.writeTransaction(async (tx) => {
    let readingId: string | null = null;
    if (done.value !== null) {
      readingId = newId();
      await tx.execute(
        ...insertSql('odometer_readings', {
          id: readingId, vehicle_id: reminder.vehicle_id, user_id: userId, read_on: done.done_on, value: done.value, unit, note: title, ...made(at),
        }),
      );
    }
    await tx.execute(
      ...insertSql('reminder_completions', {
        id: newId(), reminder_id: reminder.id, vehicle_id: reminder.vehicle_id, user_id: userId, done_on: done.done_on, reading_id: readingId,
        note: null, ...made(at),
      }),
    );
  });
}
