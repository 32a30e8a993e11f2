import { newId } from '../domain/ids.js';
import type { DistanceUnit } from '../domain/odometer.js';
import { whenDatabaseReady } from './databaseState.js';

export interface NewReading {
  vehicle_id: string;
  user_id: string;
  read_on: string;
  value: number;
  unit: DistanceUnit;
  note: string | null;
  /** The service request a shop took it at, if any (server/writes/tables/odometer_readings.ts). */
  service_request_id?: string | null;
}

/**
 * Writes an odometer reading to the local database (uploaded when there is a network). The owner takes them on the
 * maintenance page and with a track day; a shop takes one when it completes a request. created_at is the time of
 * making, read when the person acts.
 */
export async function addOdometerReading(reading: NewReading): Promise<void> {
  const at = new Date().toISOString();
  const db = await whenDatabaseReady();
  await db.execute(
    `INSERT INTO odometer_readings (id, vehicle_id, user_id, read_on, value, unit, note, service_request_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [newId(), reading.vehicle_id, reading.user_id, reading.read_on, reading.value, reading.unit, reading.note, reading.service_request_id ?? null, at, at],
  );
}
