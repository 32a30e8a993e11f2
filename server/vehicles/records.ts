import { infoColumnsFor, seesOwner } from '../../src/domain/vehicleReaders.js';
import { summarizeRequests, totalAt } from '../../src/domain/worktime.js';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  VehicleAccess,
  type GetVehicleResponseSchema,
  type ServiceSummarySchema,
  type TrackSessionSchema,
  type VehicleEventSchema,
  type VehicleInfoRecordSchema,
  type VehicleNoteSchema,
  type VehicleRecordSchema,
} from '../../src/gen/tagbook/v1/vehicle_pb.js';
import type { Queryable } from '../db/db.js';
import { currentlyEmployed } from '../db/employment.js';
import { atLeast, type Access } from './access.js';
import type { VehicleRow } from './store.js';

// What GetVehicle reads for each access level. Lists are capped: a page shows the newest of them, and an answer
// must stay small enough for a phone on a poor network.
const NOTES_MAX = 500;
const TRACK_MAX = 500;
const EVENTS_MAX = 1000;
const REQUESTS_MAX = 200;

const ms = (time: Date | null | undefined): bigint => (time ? BigInt(time.getTime()) : 0n);

export function vehicleRecord(v: VehicleRow, access: Access): MessageInitShape<typeof VehicleRecordSchema> {
  const full = seesOwner(access);
  return {
    id: v.id, name: v.name ?? '', description: v.description ?? '', category: v.category ?? 0, type: v.type ?? '',
    instagram: v.instagram ?? '', facebook: v.facebook ?? '', tiktok: v.tiktok ?? '', youtube: v.youtube ?? '',
    website: v.website ?? '', cover: v.cover ?? '', vin: full ? (v.vin ?? '') : '', isPublic: v.is_public,
    userId: full ? (v.user_id ?? '') : '', createdAt: ms(v.created_at), updatedAt: ms(v.updated_at),
  };
}

type InfoRow = {
  id: string; category?: number | null; vin?: string | null; make?: string | null; model?: string | null; year?: number | null;
  color?: string | null; state?: string | null; license_plate?: string | null; mods?: string | null; notes?: string | null;
  generation?: string | null; customer_id?: string | null; customer_name: string | null; created_at: Date; updated_at: Date;
};

/**
 * The vehicle's Info as far as the caller reads it (src/domain/vehicleReaders.ts): other columns are not even read.
 * A company servicing the vehicle through a request moved to it is told the customer's name only when the customer
 * is its own: another company's customers are that company's to know.
 */
async function info(db: Queryable, vehicleId: string, access: Access, viewer: string | null): Promise<MessageInitShape<typeof VehicleInfoRecordSchema> | undefined> {
  const customerName =
    access === 'company'
      ? `case when exists (select 1 from company_employees e where e.user_id = $2 and e.company_id = c.company_id and ${currentlyEmployed('e')})
              then c.name end as customer_name`
      : 'c.name as customer_name';
  const columns = ['i.id', ...infoColumnsFor(access).map((c) => `i.${c}`), customerName, 'i.created_at', 'i.updated_at'];
  const [row] = await db.query<InfoRow>(
    `select ${columns.join(', ')}
       from vehicles_info i left join customers c on c.id = i.customer_id
      where i.vehicle_id = $1`,
    access === 'company' ? [vehicleId, viewer] : [vehicleId],
  );
  if (row === undefined) return undefined;
  return {
    id: row.id, category: row.category ?? 0, vin: row.vin ?? '', make: row.make ?? '', model: row.model ?? '',
    year: row.year ?? 0, color: row.color ?? '', state: row.state ?? '', licensePlate: row.license_plate ?? '',
    mods: row.mods ?? '', notes: row.notes ?? '', generation: row.generation ?? '', customerId: row.customer_id ?? '',
    customerName: row.customer_id ? (row.customer_name ?? '') : '', createdAt: ms(row.created_at), updatedAt: ms(row.updated_at),
  };
}

async function notes(db: Queryable, vehicleId: string): Promise<MessageInitShape<typeof VehicleNoteSchema>[]> {
  const rows = await db.query<{ id: string; user_id: string; author_name: string | null; body: string; is_public: boolean; created_at: Date; updated_at: Date }>(
    `select id, user_id, author_name, body, is_public, created_at, updated_at from vehicle_notes
      where vehicle_id = $1 and deleted_at is null order by created_at desc, id limit ${NOTES_MAX}`,
    [vehicleId],
  );
  return rows.map((n) => ({
    id: n.id, userId: n.user_id, authorName: n.author_name ?? '', body: n.body, isPublic: n.is_public,
    createdAt: ms(n.created_at), updatedAt: ms(n.updated_at),
  }));
}

type TrackRow = {
  id: string; user_id: string; held_on: string; circuit: string; laps: number | null; best_lap_ms: number | null;
  conditions: string | null; tire_pressure_front: number | null; tire_pressure_rear: number | null; tires: string | null;
  notes: string | null; created_at: Date; updated_at: Date;
};

export async function trackSessions(db: Queryable, vehicleId: string): Promise<MessageInitShape<typeof TrackSessionSchema>[]> {
  const rows = await db.query<TrackRow>(
    `select id, user_id, held_on::text as held_on, circuit, laps, best_lap_ms, conditions, tire_pressure_front,
            tire_pressure_rear, tires, notes, created_at, updated_at
       from track_sessions where vehicle_id = $1 and deleted_at is null
      order by held_on desc, created_at desc limit ${TRACK_MAX}`,
    [vehicleId],
  );
  return rows.map((t) => ({
    id: t.id, userId: t.user_id, heldOn: t.held_on, circuit: t.circuit, laps: t.laps ?? undefined,
    bestLapMs: t.best_lap_ms ?? undefined, conditions: t.conditions ?? '',
    tirePressureFront: t.tire_pressure_front ?? undefined, tirePressureRear: t.tire_pressure_rear ?? undefined,
    tires: t.tires ?? '', notes: t.notes ?? '', createdAt: ms(t.created_at), updatedAt: ms(t.updated_at),
  }));
}

async function events(db: Queryable, vehicleId: string): Promise<MessageInitShape<typeof VehicleEventSchema>[]> {
  const rows = await db.query<{ id: string; kind: string; detail: string | null; actor_name: string | null; created_at: Date }>(
    `select id, kind, detail, actor_name, created_at from (
       select id, kind, detail, actor_name, created_at, seq from vehicle_events where vehicle_id = $1
        order by created_at desc, seq desc limit ${EVENTS_MAX}) newest
      order by created_at, seq`,
    [vehicleId],
  );
  return rows.map((e) => ({ id: e.id, kind: e.kind, detail: e.detail ?? '', actorName: e.actor_name ?? '', createdAt: ms(e.created_at) }));
}

/**
 * Each request with its recorded work time, by the shared work-time rules (src/domain/worktime.ts) at this moment:
 * read with every record of the people who worked on them, so a moment a person also spent on another request
 * (overlapping clocks from two devices) counts once, where the rules put it.
 */
export async function serviceRequests(db: Queryable, vehicleId: string): Promise<MessageInitShape<typeof ServiceSummarySchema>[]> {
  const requests = await db.query<{ id: string; description: string; created_at: Date; completed_at: Date | null }>(
    `select id, description, created_at, completed_at from service_requests
      where vehicle_id = $1 and deleted_at is null order by created_at desc, id limit ${REQUESTS_MAX}`,
    [vehicleId],
  );
  const records = await db.query<{ id: string; service_request_id: string; user_id: string; operation: number; time: Date }>(
    `select id, service_request_id, user_id, operation, time from worktime
      where user_id in (select user_id from worktime where service_request_id = any($1::text[]))`,
    [requests.map((r) => r.id)],
  );
  const clocks = summarizeRequests(
    records.map((w) => ({ id: w.id, requestId: w.service_request_id, userId: w.user_id, operation: w.operation, time: w.time.getTime() })),
  );
  const now = Date.now();
  return requests.map((r) => {
    const clock = clocks.get(r.id);
    return {
      id: r.id, description: r.description, createdAt: ms(r.created_at), completedAt: ms(r.completed_at),
      workMs: BigInt(Math.round(clock ? totalAt(clock, now) : 0)),
    };
  });
}

/** The whole answer of GetVehicle for one access level: nothing below it is even read. */
export async function vehicleAnswer(
  db: Queryable,
  vehicle: VehicleRow,
  access: Access,
  viewer: string | null,
): Promise<MessageInitShape<typeof GetVehicleResponseSchema>> {
  const answer: MessageInitShape<typeof GetVehicleResponseSchema> = { access: accessCode(access), vehicle: vehicleRecord(vehicle, access) };
  if (atLeast(access, 'company')) answer.info = await info(db, vehicle.id, access, viewer);
  if (!atLeast(access, 'owner')) return answer;
  const tags = await db.query<{ id: string }>('select id from qr_tags where target_id = $1 order by created_at, id', [vehicle.id]);
  answer.tags = tags.map((t) => t.id);
  answer.notes = await notes(db, vehicle.id);
  answer.trackSessions = await trackSessions(db, vehicle.id);
  answer.events = await events(db, vehicle.id);
  answer.serviceRequests = await serviceRequests(db, vehicle.id);
  if (access === 'admin' && vehicle.user_id !== null) {
    const [owner] = await db.query<{ id: string; display_name: string; email: string }>(
      'select id, display_name, email from users where id = $1',
      [vehicle.user_id],
    );
    if (owner) answer.owner = { id: owner.id, displayName: owner.display_name, email: owner.email };
  }
  return answer;
}

function accessCode(access: Access): VehicleAccess {
  const codes = { public: VehicleAccess.PUBLIC, company: VehicleAccess.COMPANY, owner: VehicleAccess.OWNER, admin: VehicleAccess.ADMIN };
  return codes[access];
}
