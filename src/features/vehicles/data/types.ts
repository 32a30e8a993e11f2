import type { Row } from '../../../entities/rows.js';
import type { Access } from '../access.js';

// The vehicle area's data in one shape, whether it comes from the synced local tables (the owner's own vehicles)
// or from the server's answer cached on the device (everyone else): the local row types.

export type VehicleData = Row<'vehicles'>;
export type InfoData = Row<'vehicles_info'> & { customer_name?: string | null };
export type NoteData = Row<'vehicle_notes'>;
export type TrackSessionData = Row<'track_sessions'>;
export type EventData = Row<'vehicle_events'>;

export interface ServiceData {
  id: string;
  description: string;
  created_at: string;
  completed_at: string | null;
  /** Recorded work time (milliseconds), running clocks counted up to when it was computed. */
  work_ms: number;
}

export interface OwnerData {
  id: string;
  display_name: string;
  email: string;
}

/** What the server said about a vehicle (VehicleService.GetVehicle), as kept on the device. */
export interface VehicleSnapshot {
  access: Exclude<Access, 'none'>;
  vehicle: VehicleData;
  info: InfoData | null;
  owner: OwnerData | null;
  tags: string[];
  notes: NoteData[];
  trackSessions: TrackSessionData[];
  events: EventData[];
  services: ServiceData[];
  fetchedAt: string;
}

/** One item of the public profile's contents: a public note, or a photo of the vehicle (then `photo` is set). */
export interface ProfileItem {
  id: string;
  body: string;
  created_at: string;
  photo?: { hash: string; type: string; filename: string };
}
