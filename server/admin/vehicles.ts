import { create } from '@bufbuild/protobuf';
import { searchKey } from '../../src/domain/company.js';
import { infoColumnsFor, seesOwner, type VehicleReader } from '../../src/domain/vehicleReaders.js';
import { AdminVehicleSchema, type AdminVehicle } from '../../src/gen/tagbook/v1/admin_pb.js';
import type { Queryable } from '../db/db.js';
import { decodeCursor, likeEscape, ms, pageOf } from './paging.js';

// Admin vehicle lists and the Vehicle Finder. Every branch of the finder is one indexed lookup (migration 0010), so
// the answer costs the same at 100 vehicles and at 100,000.

export type VehicleListRow = {
  id: string;
  name: string | null;
  is_public: boolean;
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  license_plate: string | null;
  user_id: string | null;
  owner_email: string | null;
  created_at: Date;
  sort_key: string;
  matched?: string;
};

/**
 * Columns of an AdminVehicle as `reader` reads them (src/domain/vehicleReaders.ts), for a `vehicles v` joined as
 * below: administrators get the owner and, when the Info has no VIN, the one the owner typed; a company's employees
 * the Info's VIN and nobody's account.
 */
export function vehicleColumns(reader: Extract<VehicleReader, 'admin' | 'company'>): string {
  const owner = seesOwner(reader);
  const info = (column: 'vin' | 'make' | 'model' | 'year' | 'license_plate') =>
    infoColumnsFor(reader).includes(column) ? `i.${column}` : `null as ${column}`;
  return `v.id, v.name, v.is_public, ${owner ? `coalesce(nullif(i.vin, ''), v.vin) as vin` : info('vin')},
    ${info('make')}, ${info('model')}, ${info('year')}, ${info('license_plate')},
    ${owner ? 'v.user_id, u.email as owner_email' : 'null as user_id, null as owner_email'}, v.created_at, v.created_at::text as sort_key`;
}

/** Columns of an AdminVehicle for administrators. */
export const VEHICLE_COLUMNS = vehicleColumns('admin');
export const VEHICLE_JOINS = `left join vehicles_info i on i.vehicle_id = v.id left join users u on u.id = v.user_id`;

export function adminVehicle(r: VehicleListRow): AdminVehicle {
  return create(AdminVehicleSchema, {
    id: r.id, name: r.name ?? '', isPublic: r.is_public, vin: r.vin ?? '', make: r.make ?? '', model: r.model ?? '',
    year: r.year ?? 0, licensePlate: r.license_plate ?? '', ownerId: r.user_id ?? '', ownerEmail: r.owner_email ?? '',
    createdAt: ms(r.created_at), matched: r.matched ?? '',
  });
}

/** Newest first, by key. */
export async function listVehicles(db: Queryable, limit: number, cursor: string) {
  const after = decodeCursor(cursor);
  const rows = await db.query<VehicleListRow>(
    `select ${VEHICLE_COLUMNS} from vehicles v ${VEHICLE_JOINS}
      ${after ? 'where (v.created_at, v.id) < ($2::timestamptz, $3)' : ''}
      order by v.created_at desc, v.id desc limit $1`,
    after ? [limit + 1, after.key, after.id] : [limit + 1],
  );
  return pageOf(rows, limit);
}

/** The finder's answer size: a search names a vehicle or a handful, never a page to scroll. */
export const FINDER_LIMIT = 50;
/** Names are searched inside (trigram index) from this many characters; shorter queries match whole names only. */
export const NAME_CONTAINS_MIN = 3;

/** An owner's email is searched by its start (prefix index) from this many characters: 'own' finds owner@…. */
export const EMAIL_START_MIN = 3;

/**
 * Vehicles matching a typed query, best match first: a tag hash or a whole VIN, then the last 8 of a VIN, a plate or
 * the owner's whole email, then the start of a VIN or of the owner's email, then part of the name. Case, spaces and
 * dashes do not matter.
 */
export async function findVehicles(db: Queryable, query: string): Promise<VehicleListRow[]> {
  const key = searchKey(query);
  const lower = query.trim().toLowerCase();
  const contains = lower.length >= NAME_CONTAINS_MIN ? `%${likeEscape(lower)}%` : null;
  const rows = await db.query<VehicleListRow & { rank: number }>(
    `with m as (
       select vehicle_id as id, 'vin' as matched, 1 as rank from vehicles_info where $1 <> '' and tagbook_search_key(vin) = $1
       union all select id, 'vin', 1 from vehicles where $1 <> '' and tagbook_search_key(vin) = $1
       union all select target_id, 'tag', 1 from qr_tags where $1 <> '' and upper(id) = $1 and target_id is not null
       union all select vehicle_id, 'vin_last8', 2 from vehicles_info where length($1) = 8 and right(tagbook_search_key(vin), 8) = $1
       union all select id, 'vin_last8', 2 from vehicles where length($1) = 8 and right(tagbook_search_key(vin), 8) = $1
       union all select vehicle_id, 'plate', 2 from vehicles_info where $1 <> '' and tagbook_search_key(license_plate) = $1
       union all select v.id, 'owner_email', 2 from users o join vehicles v on v.user_id = o.id where o.email = $2
       union all (select v.id, 'owner_email', 3 from users o join vehicles v on v.user_id = o.id
                   where $5::text is not null and o.email like $5 limit ${FINDER_LIMIT})
       union all (select vehicle_id, 'vin', 3 from vehicles_info
                   where length($1) >= 3 and tagbook_search_key(vin) like $3 || '%' limit ${FINDER_LIMIT})
       union all (select id, 'name', 4 from vehicles where lower(name) = $2 limit ${FINDER_LIMIT})
       union all (select id, 'name', 4 from vehicles where $4::text is not null and lower(name) like $4 limit ${FINDER_LIMIT})
     ), best as (
       select distinct on (id) id, matched, rank from m where id is not null order by id, rank
     )
     select ${VEHICLE_COLUMNS}, b.matched, b.rank from best b join vehicles v on v.id = b.id ${VEHICLE_JOINS}
      order by b.rank, v.created_at desc, v.id desc limit ${FINDER_LIMIT}`,
    [key, lower, likeEscape(key), contains, lower.length >= EMAIL_START_MIN ? `${likeEscape(lower)}%` : null],
  );
  return rows;
}
