import { VehicleContentKind, type ListVehicleContentsResponse } from '../../../gen/tagbook/v1/vehicle_contents_pb.js';
import { VehicleAccess, type GetVehicleResponse } from '../../../gen/tagbook/v1/vehicle_pb.js';
import type { Access } from '../access.js';
import type { ProfileItem, VehicleSnapshot } from './types.js';

// Pure conversions between the server's answers and the device's shapes, and the rule that merges what the
// device holds itself with what the server said.

const time = (ms: bigint): string | null => (ms === 0n ? null : new Date(Number(ms)).toISOString());
const text = (value: string): string | null => (value === '' ? null : value);
const num = (value: number): number | null => (value === 0 ? null : value);

const ACCESS: Record<VehicleAccess, Exclude<Access, 'none'> | null> = {
  [VehicleAccess.UNSPECIFIED]: null,
  [VehicleAccess.PUBLIC]: 'public',
  [VehicleAccess.COMPANY]: 'company',
  [VehicleAccess.OWNER]: 'owner',
  [VehicleAccess.ADMIN]: 'admin',
};

export function snapshotFromResponse(res: GetVehicleResponse, fetchedAt: Date): VehicleSnapshot {
  const v = res.vehicle;
  if (v === undefined) throw new Error('The server answered without the vehicle');
  const info = res.info;
  return {
    access: ACCESS[res.access] ?? 'public',
    vehicle: {
      id: v.id, name: text(v.name), description: text(v.description), category: num(v.category), type: text(v.type),
      instagram: text(v.instagram), facebook: text(v.facebook), tiktok: text(v.tiktok), youtube: text(v.youtube),
      website: text(v.website), cover: text(v.cover), vin: text(v.vin), is_public: v.isPublic ? 1 : 0, user_id: text(v.userId),
      // Only the owner's own devices know it (synced); a visitor's form is always offered and the server answers.
      contact_off: null,
      created_at: time(v.createdAt), updated_at: time(v.updatedAt),
    },
    info:
      info === undefined
        ? null
        : {
            id: info.id, vehicle_id: v.id, category: num(info.category), vin: text(info.vin), make: text(info.make),
            model: text(info.model), year: num(info.year), color: text(info.color), state: text(info.state),
            license_plate: text(info.licensePlate), mods: text(info.mods), notes: text(info.notes),
            generation: text(info.generation), customer_id: text(info.customerId), customer_name: text(info.customerName),
            created_at: time(info.createdAt), updated_at: time(info.updatedAt),
          },
    owner: res.owner ? { id: res.owner.id, display_name: res.owner.displayName, email: res.owner.email } : null,
    tags: [...res.tags],
    notes: res.notes.map((n) => ({
      id: n.id, vehicle_id: v.id, user_id: n.userId, author_name: text(n.authorName), body: n.body, is_public: n.isPublic ? 1 : 0,
      created_at: time(n.createdAt), updated_at: time(n.updatedAt), deleted_at: null,
    })),
    trackSessions: res.trackSessions.map((t) => ({
      id: t.id, vehicle_id: v.id, user_id: t.userId, held_on: t.heldOn, circuit: t.circuit, laps: t.laps ?? null,
      best_lap_ms: t.bestLapMs ?? null, conditions: text(t.conditions), tire_pressure_front: t.tirePressureFront ?? null,
      tire_pressure_rear: t.tirePressureRear ?? null, tires: text(t.tires), notes: text(t.notes),
      created_at: time(t.createdAt), updated_at: time(t.updatedAt), deleted_at: null,
    })),
    events: res.events.map((e) => ({
      id: e.id, vehicle_id: v.id, kind: e.kind, detail: text(e.detail), actor_name: text(e.actorName), created_at: time(e.createdAt),
    })),
    services: res.serviceRequests.map((s) => ({
      id: s.id, description: s.description, created_at: time(s.createdAt) ?? fetchedAt.toISOString(),
      completed_at: time(s.completedAt), work_ms: Number(s.workMs),
    })),
    fetchedAt: fetchedAt.toISOString(),
  };
}

export function profileItemsFromResponse(res: ListVehicleContentsResponse): ProfileItem[] {
  return [...res.contents]
    .sort((a, b) => a.position - b.position)
    .map((c) => ({
      id: c.id,
      body: c.body,
      created_at: time(c.createdAt) ?? '',
      ...(c.kind === VehicleContentKind.IMAGE ? { photo: { hash: c.fileCombinedHash, type: c.fileType, filename: c.fileName || 'photo' } } : {}),
    }));
}

/**
 * Rows the device holds (synced, or written here and not yet confirmed) win over the server's older answer, id by
 * id; rows only the answer has are kept. What the device holds is never older than the answer it wrote through.
 */
export function overlay<T extends { id: string }>(server: readonly T[], local: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const row of server) byId.set(row.id, row);
  for (const row of local) byId.set(row.id, row);
  return [...byId.values()];
}

/** The newest first, by an ISO time column (ties broken by id so the order never flickers). */
export function newestFirst<T extends { id: string }>(rows: readonly T[], at: (row: T) => string | null): T[] {
  return [...rows].sort((a, b) => (at(b) ?? '').localeCompare(at(a) ?? '') || a.id.localeCompare(b.id));
}
