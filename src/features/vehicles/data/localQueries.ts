import { useWatchedQuery } from '../../../data/useQuery.js';
import { SERVICING_COMPANIES_SQL } from './servicingCompanies.js';
import type { EventData, InfoData, NoteData, TrackSessionData, VehicleData } from './types.js';

// The vehicle area's reads of the local database. Each watches its tables, so a synced change or a local write
// shows at once.

const VEHICLE_COLUMNS =
  'id, name, description, category, type, instagram, facebook, tiktok, youtube, website, cover, vin, is_public, user_id, created_at, updated_at';

export function useLocalVehicle(vehicleId: string) {
  return useWatchedQuery<VehicleData>(`SELECT ${VEHICLE_COLUMNS} FROM vehicles WHERE id = ?`, [vehicleId]);
}

/** The tags that open this vehicle, oldest first ('Show QR Code' appears only when there is one). */
export function useLocalTags(vehicleId: string) {
  return useWatchedQuery<{ id: string }>('SELECT id FROM qr_tags WHERE target_id = ? ORDER BY created_at, id', [vehicleId]);
}

/** The companies servicing this vehicle, as far as this device knows (servicingCompanies.ts). */
export function useLocalServicingCompanies(vehicleId: string) {
  return useWatchedQuery<{ company_id: string }>(SERVICING_COMPANIES_SQL, [vehicleId, vehicleId]);
}

/** The signed-in user's company links as this device holds them. */
export function useLocalEmployeeLinks(userId: string | null) {
  return useWatchedQuery<{ company_id: string; start_date: string | null; end_date: string | null }>(
    'SELECT company_id, start_date, end_date FROM company_employees WHERE user_id = ?',
    [userId ?? ''],
  );
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

export interface LocalRequest {
  id: string;
  description: string | null;
  created_at: string | null;
  completed_at: string | null;
}

export function useLocalServiceRequests(vehicleId: string) {
  return useWatchedQuery<LocalRequest>(
    `SELECT id, description, created_at, completed_at FROM service_requests
      WHERE vehicle_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id`,
    [vehicleId],
  );
}

export interface LocalWorktime {
  service_request_id: string;
  id: string;
  user_id: string;
  operation: number;
  time: string;
}

/**
 * The work records of the vehicle's requests, with every record the device holds of the people who worked on them:
 * a person's time counts once across requests (src/domain/worktime.ts), so their stretches elsewhere decide what
 * counts here.
 */
export function useLocalWorktime(vehicleId: string) {
  return useWatchedQuery<LocalWorktime>(
    `SELECT w.id, w.service_request_id, w.user_id, w.operation, w.time FROM worktime w
      WHERE w.user_id IN (SELECT p.user_id FROM worktime p JOIN service_requests r ON r.id = p.service_request_id
                           WHERE r.vehicle_id = ?)
      ORDER BY w.time`,
    [vehicleId],
  );
}

export interface CustomerChoice {
  id: string;
  name: string;
  email: string | null;
}

/** The account that owns a vehicle, when this device holds users (admins' do). */
export function useLocalUser(userId: string | null) {
  return useWatchedQuery<{ id: string; display_name: string; email: string }>(
    'SELECT id, display_name, email FROM users WHERE id = ?',
    [userId ?? ''],
  );
}

/** Circuits this vehicle has been to, for the circuit field's suggestions. */
export function useLocalCircuits(vehicleId: string) {
  return useWatchedQuery<{ circuit: string }>(
    'SELECT DISTINCT circuit FROM track_sessions WHERE vehicle_id = ? AND deleted_at IS NULL ORDER BY circuit',
    [vehicleId],
  );
}
