import { useWatchedQuery } from '../../../data/useQuery.js';
import type { EventData, InfoData, NoteData, TrackSessionData, VehicleData } from './types.js';

// The vehicle area's own reads of the local database (what other features read too is in src/entities). Each
// watches its tables, so a synced change or a local write shows at once.

const VEHICLE_COLUMNS =
  'id, name, description, category, type, instagram, facebook, tiktok, youtube, website, cover, vin, is_public, user_id, created_at, updated_at';

export function useLocalVehicle(vehicleId: string) {
  return useWatchedQuery<VehicleData>(`SELECT ${VEHICLE_COLUMNS} FROM vehicles WHERE id = ?`, [vehicleId]);
}

/**
 * Whether this device holds the vehicle whole, as its owner's or a watching admin's device does: only those copies
 * carry its owner (a visitor's or a shop's do not), and its records arrive with them in one checkpoint. Pages that
 * tell the whole story of a vehicle (its history report, its transfer) wait for it rather than show a partial view.
 */
export function useHoldsWholeVehicle(vehicleId: string): boolean {
  return (useLocalVehicle(vehicleId).rows[0]?.user_id ?? null) !== null;
}

/** The tags that open this vehicle, oldest first ('Show QR Code' appears only when there is one). */
export function useLocalTags(vehicleId: string) {
  return useWatchedQuery<{ id: string }>('SELECT id FROM qr_tags WHERE target_id = ? ORDER BY created_at, id', [vehicleId]);
}

export function useLocalInfo(vehicleId: string) {
  return useWatchedQuery<InfoData>(
    `SELECT i.*, c.name AS customer_name FROM vehicles_info i LEFT JOIN customers c ON c.id = i.customer_id
      WHERE i.vehicle_id = ? ORDER BY i.updated_at DESC LIMIT 1`,
    [vehicleId],
  );
}

/** Removed notes included: a removal written here must hide the server's older copy of the note. */
export function useLocalNotes(vehicleId: string) {
  return useWatchedQuery<NoteData>('SELECT * FROM vehicle_notes WHERE vehicle_id = ? ORDER BY created_at DESC, id', [vehicleId]);
}

export function useLocalTrackSessions(vehicleId: string) {
  return useWatchedQuery<TrackSessionData>(
    'SELECT * FROM track_sessions WHERE vehicle_id = ? ORDER BY held_on DESC, created_at DESC, id',
    [vehicleId],
  );
}

export function useLocalEvents(vehicleId: string) {
  return useWatchedQuery<EventData>('SELECT * FROM vehicle_events WHERE vehicle_id = ? ORDER BY created_at, id', [vehicleId]);
}
