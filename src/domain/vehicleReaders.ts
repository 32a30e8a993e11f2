/**
 * What each reader of a vehicle gets, weakest first: anyone the public profile of a public vehicle; the company
 * servicing it (its current employees) also the part of its Info a shop works from; the owner and administrators
 * everything. The one rule for the servicing company: a shop needs the VIN to order parts, so it reads the Info's
 * VIN; it never needs the owner's account (id, email, name) nor what the owner typed on the vehicle itself (the
 * vehicle row's VIN). VehicleService, CompanyService, the sync rules' by_company bucket (sync-rules.yaml, checked
 * against these lists by tests/server/sync-rules.test.ts) and the app's pages all follow these lists.
 */
export type VehicleReader = 'public' | 'company' | 'owner' | 'admin';

/** How someone may see a vehicle: not at all ('none'), or as one of its readers. */
export type VehicleAccess = 'none' | VehicleReader;

const ACCESS_ORDER: readonly VehicleAccess[] = ['none', 'public', 'company', 'owner', 'admin'];

/**
 * Whether `access` reaches `floor`: each reader sees everything a weaker one does, in the order above. The one
 * ordering the app (what to offer) and the server (what to answer) both go by.
 */
export function atLeast(access: VehicleAccess, floor: VehicleAccess): boolean {
  return ACCESS_ORDER.indexOf(access) >= ACCESS_ORDER.indexOf(floor);
}

/** The columns of a vehicle's Info (one row per vehicle), besides its ids and timestamps. */
export const INFO_COLUMNS = [
  'category', 'vin', 'make', 'model', 'year', 'color', 'state', 'license_plate', 'mods', 'notes', 'generation', 'customer_id',
] as const;
export type InfoColumn = (typeof INFO_COLUMNS)[number];

/**
 * The Info a shop servicing the vehicle reads: what finds it in the lot (make, model, year, colour, plate), whose
 * it is among the company's customers, and the VIN parts are ordered by. The owner's and admins' notes, mods,
 * state, generation and category stay theirs.
 */
export const SHOP_INFO_COLUMNS: readonly InfoColumn[] = ['vin', 'make', 'model', 'year', 'color', 'license_plate', 'customer_id'];

/** Columns of the vehicle row that are the owner's own: their account and the VIN they typed themselves. */
export const OWNER_VEHICLE_COLUMNS = ['user_id', 'vin'] as const;

/** The Info columns a reader gets; none for a visitor of the public profile. */
export function infoColumnsFor(reader: VehicleReader): readonly InfoColumn[] {
  if (reader === 'owner' || reader === 'admin') return INFO_COLUMNS;
  return reader === 'company' ? SHOP_INFO_COLUMNS : [];
}

/** Whether a reader sees the owner's side of a vehicle: the owner's account and OWNER_VEHICLE_COLUMNS. */
export function seesOwner(reader: VehicleReader): boolean {
  return reader === 'owner' || reader === 'admin';
}
