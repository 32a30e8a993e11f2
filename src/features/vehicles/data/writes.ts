import { newId } from '../../../domain/ids.js';
import { whenDatabaseReady } from '../../../data/databaseState.js';
import { INFO_FIELDS, PROFILE_FIELDS } from './fields.js';
import { patchCachedSnapshot, refreshAfterUpload } from './remote.js';
import type { InfoData, NoteData, TrackSessionData, VehicleData, VehicleSnapshot } from './types.js';

// Every write of the vehicle area goes to the local database (offline first) and is uploaded when there is a
// network; the server checks each one (server/writes/policy.ts). A row this device does not hold (a vehicle
// it reads from the server) is written whole, which uploads as a PUT the server applies as an update; the cached
// answer is patched the same way, and read afresh once the upload is through. Each write reads the clock when the
// person acts, before anything is awaited: a new row's created_at is its time of making, which the server keeps.

type Values = Record<string, string | number | null>;

const clockNow = () => new Date().toISOString();

/**
 * Update the row if this device holds it, insert it whole otherwise (vehicle info is written this way). `at` is
 * when the person made the change: a new row's created_at (the server keeps it), and every row's updated_at until
 * the server answers with its own.
 */
async function upsert(table: string, id: string, changes: Values, whole: Values, at: string): Promise<void> {
  const db = await whenDatabaseReady();
  await db.writeTransaction(async (tx) => {
    // Table and column names come from this module only; every value is a parameter.
    const existing = await tx.getOptional<{ id: string }>(`SELECT id FROM ${table} WHERE id = ?`, [id]);
    if (existing) {
      const columns = Object.keys(changes);
      if (columns.length === 0) return;
      await tx.execute(`UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`, [
        ...columns.map((c) => changes[c] ?? null),
        at,
        id,
      ]);
    } else {
      const row = { ...whole, ...changes };
      const columns = Object.keys(row);
      await tx.execute(
        `INSERT INTO ${table} (id, ${columns.join(', ')}, created_at, updated_at) VALUES (?, ${columns.map(() => '?').join(', ')}, ?, ?)`,
        [id, ...columns.map((c) => row[c] ?? null), at, at],
      );
    }
  });
}

function afterWrite(vehicleId: string, patch: (s: VehicleSnapshot) => VehicleSnapshot): Promise<void> {
  void refreshAfterUpload(vehicleId).catch((error: unknown) => console.error('Could not refresh the vehicle', error));
  return patchCachedSnapshot(vehicleId, patch);
}

export type ProfileValues = Pick<VehicleData, (typeof PROFILE_FIELDS)[number]>;

export async function saveProfile(vehicle: VehicleData, changes: Partial<ProfileValues>): Promise<void> {
  const at = clockNow();
  const whole: Values = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, vehicle[f] ?? null]));
  await upsert('vehicles', vehicle.id, changes, { ...whole, is_public: vehicle.is_public ?? 0 }, at);
  await afterWrite(vehicle.id, (s) => ({ ...s, vehicle: { ...s.vehicle, ...changes } }));
}

export type InfoValues = Pick<InfoData, (typeof INFO_FIELDS)[number]>;

export async function saveInfo(vehicleId: string, current: InfoData | null, changes: Partial<InfoValues>, customerName: string | null): Promise<void> {
  const at = clockNow();
  const id = current?.id ?? newId();
  const whole: Values = { vehicle_id: vehicleId, ...Object.fromEntries(INFO_FIELDS.map((f) => [f, current?.[f] ?? null])) };
  await upsert('vehicles_info', id, changes, whole, at);
  await afterWrite(vehicleId, (s) => ({
    ...s,
    info: { ...(s.info ?? { id, vehicle_id: vehicleId, created_at: at, updated_at: at }), ...whole, ...changes, id, customer_name: customerName } as InfoData,
  }));
}

/** The columns of a note a device writes (author_name is the server's). */
function noteValues(note: NoteData): Values {
  return { vehicle_id: note.vehicle_id, user_id: note.user_id, body: note.body, is_public: note.is_public, deleted_at: note.deleted_at };
}

export async function addNote(vehicleId: string, author: { id: string; name: string }, body: string, isPublic: boolean): Promise<void> {
  const now = clockNow();
  const note: NoteData = {
    id: newId(), vehicle_id: vehicleId, user_id: author.id, author_name: null, body, is_public: isPublic ? 1 : 0,
    created_at: now, updated_at: now, deleted_at: null,
  };
  await upsert('vehicle_notes', note.id, {}, noteValues(note), now);
  await afterWrite(vehicleId, (s) => ({ ...s, notes: [{ ...note, author_name: author.name }, ...s.notes] }));
}

export async function updateNote(note: NoteData, changes: Partial<Pick<NoteData, 'is_public' | 'deleted_at'>>): Promise<void> {
  const at = clockNow();
  const vehicleId = note.vehicle_id ?? '';
  await upsert('vehicle_notes', note.id, changes, noteValues(note), at);
  await afterWrite(vehicleId, (s) => ({
    ...s,
    notes: changes.deleted_at ? s.notes.filter((n) => n.id !== note.id) : s.notes.map((n) => (n.id === note.id ? { ...n, ...changes } : n)),
  }));
}

export type TrackValues = Omit<TrackSessionData, 'id' | 'vehicle_id' | 'user_id' | 'created_at' | 'updated_at' | 'deleted_at'>;

export async function addTrackSession(vehicleId: string, userId: string, values: TrackValues): Promise<void> {
  const id = newId();
  const now = clockNow();
  await upsert('track_sessions', id, {}, { vehicle_id: vehicleId, user_id: userId, ...values }, now);
  await afterWrite(vehicleId, (s) => ({
    ...s,
    trackSessions: [{ id, vehicle_id: vehicleId, user_id: userId, ...values, created_at: now, updated_at: now, deleted_at: null }, ...s.trackSessions],
  }));
}

export async function removeTrackSession(session: TrackSessionData): Promise<void> {
  const vehicleId = session.vehicle_id ?? '';
  const { id, created_at: _created, updated_at: _updated, ...whole } = session;
  const deletedAt = clockNow();
  await upsert('track_sessions', id, { deleted_at: deletedAt }, whole, deletedAt);
  await afterWrite(vehicleId, (s) => ({ ...s, trackSessions: s.trackSessions.filter((t) => t.id !== id) }));
}

/** The cover photo: the combined hash of one of the vehicle's photos (null: none), a profile write like any other. */
export async function saveCover(vehicle: VehicleData, cover: string | null): Promise<void> {
  const at = clockNow();
  const whole: Values = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, vehicle[f] ?? null]));
  await upsert('vehicles', vehicle.id, { cover }, { ...whole, is_public: vehicle.is_public ?? 0 }, at);
  await afterWrite(vehicle.id, (s) => ({ ...s, vehicle: { ...s.vehicle, cover } }));
}
