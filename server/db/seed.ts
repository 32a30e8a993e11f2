import { normalizeEmail } from '../../src/domain/credentials.js';
import { newId } from '../../src/domain/ids.js';
import { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
import { WORK_START } from '../../src/domain/worktime.js';
import { clientDigests, hashPassword } from '../accounts/passwords.js';
import { secretDigest } from '../handover/store.js';
import { TRANSFER_LIFETIME_DAYS } from '../../src/domain/transfer.js';
import type { Db, Queryable } from './db.js';

/**
 * Demo data for a fresh install: enough to try every role at once — an admin, an owner with public and
 * private vehicles, a company worker with a running timer, unclaimed tags to register. Runs only on an empty
 * users table, so it never touches a database somebody already uses.
 */

export interface DemoAccount {
  readonly email: string;
  readonly password: string;
}

export interface DemoCredentials {
  readonly admin: DemoAccount;
  readonly owner: DemoAccount;
  readonly worker: DemoAccount;
}

/** The demo sign-ins; README.md lists them too (tests/unit/readmeDemo.test.ts keeps the two in step). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@tagbook.test', password: 'tagbook-admin', displayName: 'Demo Admin', isAdmin: true },
  owner: { email: 'owner@tagbook.test', password: 'tagbook-demo', displayName: 'Demo Owner', isAdmin: false },
  worker: { email: 'worker@tagbook.test', password: 'tagbook-worker', displayName: 'Demo Worker', isAdmin: false },
} as const;
type Role = keyof typeof DEMO_ACCOUNTS;

/**
 * A link to the Red 911's history report, and a transfer of the worker's Miata to the owner waiting to be accepted:
 * fixed, so a demo (and the screenshots) can open both pages. Demo data only: anyone who knows them can use them.
 */
export const DEMO_REPORT_LINK = 'demo-history-report-of-the-red-911-00000000';
export const DEMO_TRANSFER_LINK = 'demo-transfer-of-the-miata-to-the-owner-000';

/** Tags printed but not yet claimed: scanning one leads to /register/{hash}. Fixed so demos and tests can use them. */
export const DEMO_FREE_TAGS: readonly string[] = ['DEMOFREE0001', 'DEMOFREE0002', 'DEMOFREE0003', 'DEMOFREE0004'];

interface DemoVehicle {
  owner: Role;
  tag: string;
  name: string;
  description: string;
  isPublic: boolean;
  info: { vin: string; make: string; model: string; year: number; color: string; state: string; licensePlate: string; generation: string; mods: string };
}

/** Real makes and models with VINs whose check digit (position 9) and model-year code (position 10) are valid. */
const VEHICLES: readonly DemoVehicle[] = [
  { owner: 'owner', tag: 'DEMOTAG00001', name: 'Red 911', description: 'Weekend canyon car.', isPublic: true,
    info: { vin: 'WP0AB2A9XKS120418', make: 'Porsche', model: '911 Carrera S', year: 2019, color: 'Guards Red', state: 'CA', licensePlate: '8TAG911', generation: '991.2', mods: 'Sport exhaust' } },
  { owner: 'owner', tag: 'DEMOTAG00002', name: 'Trail Bronco', description: 'Daily driver and trail rig.', isPublic: true,
    info: { vin: '1FMEE5DP3MLA31867', make: 'Ford', model: 'Bronco Badlands', year: 2021, color: 'Cactus Gray', state: 'CO', licensePlate: 'BRNC021', generation: 'U725', mods: '2-inch lift, 35-inch tires' } },
  { owner: 'owner', tag: 'DEMOTAG00003', name: 'Camper van', description: 'Family camper, not listed publicly.', isPublic: false,
    info: { vin: 'WD4PF4CD5GP211754', make: 'Mercedes-Benz', model: 'Sprinter 2500', year: 2016, color: 'Arctic White', state: 'OR', licensePlate: 'VAN2016', generation: 'NCV3', mods: 'Camper conversion, solar' } },
  { owner: 'worker', tag: 'DEMOTAG00004', name: 'Supra Turbo', description: 'Six-speed, stock internals.', isPublic: true,
    info: { vin: 'JT2JA82J0S0021934', make: 'Toyota', model: 'Supra Turbo', year: 1995, color: 'Renaissance Red', state: 'NV', licensePlate: '2JZ1995', generation: 'A80', mods: '' } },
  { owner: 'worker', tag: 'DEMOTAG00005', name: 'Performante', description: 'Track days only.', isPublic: true,
    info: { vin: 'ZHWUR1ZF3JLA08625', make: 'Lamborghini', model: 'Huracán Performante', year: 2018, color: 'Verde Mantis', state: 'FL', licensePlate: 'V10LP64', generation: 'LB724', mods: '' } },
  { owner: 'worker', tag: 'DEMOTAG00006', name: 'Miata', description: 'Autocross car.', isPublic: true,
    info: { vin: 'JM1NDAC72H0112738', make: 'Mazda', model: 'MX-5 Miata Club', year: 2017, color: 'Soul Red', state: 'TX', licensePlate: 'ND2017', generation: 'ND', mods: 'Coilovers' } },
];

/** Category codes (src/domain/vehicleCategories.ts) of the demo vehicles, by tag. */
const DEMO_CATEGORIES: Readonly<Record<string, number>> = {
  DEMOTAG00001: 1, DEMOTAG00002: 7, DEMOTAG00003: 6, DEMOTAG00004: 1, DEMOTAG00005: 3, DEMOTAG00006: 1,
};

/** Vehicle tags are fixed like the free ones, so a demo can scan a known code. */
export const DEMO_VEHICLE_TAGS: readonly string[] = VEHICLES.map((v) => v.tag);

/** Not the migration lock: seeding two processes at once must still insert the demo only once. */
const SEED_LOCK_KEY = 7_305_420_002;
const MINUTE = 60_000;

async function insert(tx: Queryable, table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  const placeholders = columns.map((_, i) => `$${i + 1}`);
  await tx.query(`insert into ${table} (${columns.join(', ')}) values (${placeholders.join(', ')})`, Object.values(row));
}

async function usersExist(db: Queryable): Promise<boolean> {
  return (await db.query('select 1 from users limit 1')).length > 0;
}

/**
 * Inserts the demo data in one transaction if the users table is empty. Returns the demo sign-ins to show, or null
 * when the database already had users (nothing was written).
 */
export async function seedDemo(db: Db): Promise<DemoCredentials | null> {
  if (await usersExist(db)) return null;
  // scrypt is deliberately slow: hash before the transaction so it stays short.
  const roles = Object.keys(DEMO_ACCOUNTS) as Role[];
  const prepared = await Promise.all(
    roles.map(async (role) => {
      const { email, password } = DEMO_ACCOUNTS[role];
      const digests = clientDigests(email, password);
      return { role, id: newId(), usernameDigest: digests.username, stored: await hashPassword(digests.password) };
    }),
  );
  const userId = Object.fromEntries(prepared.map((p) => [p.role, p.id])) as Record<Role, string>;

  const seeded = await db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await usersExist(tx)) return false;
    for (const { role, id, usernameDigest, stored } of prepared) {
      const account = DEMO_ACCOUNTS[role];
      await insert(tx, 'users', {
        id, display_name: account.displayName, email: normalizeEmail(account.email), username_digest: usernameDigest, is_admin: account.isAdmin,
      });
      await insert(tx, 'user_credentials', { user_id: id, password_salt: stored.salt, password_hash: stored.hash });
    }
    const vehicleIds = await seedVehicles(tx, userId);
    await seedCompany(tx, userId, vehicleIds);
    await seedVehicleStories(tx, userId, vehicleIds);
    return true;
  });
  if (!seeded) return null;
  const { admin, owner, worker } = DEMO_ACCOUNTS;
  return {
    admin: { email: admin.email, password: admin.password },
    owner: { email: owner.email, password: owner.password },
    worker: { email: worker.email, password: worker.password },
  };
}

/** Vehicles with their info and tags, plus the free tags. Returns vehicle ids by tag. */
async function seedVehicles(tx: Queryable, userId: Record<Role, string>): Promise<Map<string, string>> {
  const vehicleIds = new Map<string, string>();
  for (const [index, vehicle] of VEHICLES.entries()) {
    const id = newId();
    vehicleIds.set(vehicle.tag, id);
    // Staggered creation times give the public list a stable "latest first" order; months apart, so each vehicle
    // has a history (notes, track days) after it was added.
    const createdAt = new Date(Date.now() - (VEHICLES.length - index) * 60 * 24 * 60 * MINUTE);
    const category = DEMO_CATEGORIES[vehicle.tag] ?? null;
    await insert(tx, 'vehicles', {
      id, name: vehicle.name, description: vehicle.description, vin: vehicle.info.vin, is_public: vehicle.isPublic,
      user_id: userId[vehicle.owner], created_at: createdAt, updated_at: createdAt, category,
    });
    const { licensePlate, ...info } = vehicle.info;
    await insert(tx, 'vehicles_info', { id: newId(), vehicle_id: id, ...info, license_plate: licensePlate, category, created_at: createdAt, updated_at: createdAt });
    await insert(tx, 'qr_tags', { id: vehicle.tag, target_id: id, target_path: '/vehicle', created_by: userId.admin });
  }
  for (const tag of DEMO_FREE_TAGS) {
    await insert(tx, 'qr_tags', { id: tag, target_id: null, target_path: null, created_by: userId.admin });
  }
  return vehicleIds;
}

/**
 * A company with the worker as employee, two customers, a catalogue of three services, a started service request
 * with a running timer, and a scheduled one assigned to the worker for later.
 */
async function seedCompany(tx: Queryable, userId: Record<Role, string>, vehicleIds: Map<string, string>): Promise<void> {
  const companyId = newId();
  await insert(tx, 'companies', { id: companyId, name: 'Tagbook Garage', short_info: 'Service, detailing and tuning' });
  await insert(tx, 'company_employees', {
    id: newId(), user_id: userId.worker, company_id: companyId, type: 'worker', start_date: new Date('2024-03-01T00:00:00Z'),
    end_date: null, created_by: userId.admin, updated_by: userId.admin,
  });
  const ownerCustomerId = newId();
  await insert(tx, 'customers', {
    id: ownerCustomerId, name: 'Demo Owner', email: DEMO_ACCOUNTS.owner.email, phone: '+1 303 555 0142', note: 'Prefers text messages.', company_id: companyId,
  });
  await insert(tx, 'customers', {
    id: newId(), name: 'Jordan Reyes', email: 'jordan.reyes@example.com', phone: '+1 303 555 0187', note: 'Fleet account, two vans.', company_id: companyId,
  });

  // The company's catalogue, offered when a request is opened.
  for (const [name, description, minutes] of [
    ['Oil change', '5W-30 synthetic and a new filter', 45],
    ['Brake inspection', 'Pads, rotors, lines and fluid', 60],
    ['Wheel alignment', 'Four-wheel, with a printout', 90],
  ] as const) {
    await insert(tx, 'company_services', { id: newId(), company_id: companyId, name, description, duration_minutes: minutes, created_by: userId.admin });
  }

  const broncoId = vehicleIds.get('DEMOTAG00002');
  if (broncoId === undefined) throw new Error('Demo vehicle DEMOTAG00002 missing');
  await tx.query('update vehicles_info set customer_id = $1 where vehicle_id = $2', [ownerCustomerId, broncoId]);

  const now = Date.now();
  const requestId = newId();
  await insert(tx, 'service_requests', {
    id: requestId, description: 'Front brake pads and rotors; check rear differential noise', vehicle_id: broncoId,
    user_id: userId.owner, updated_by: userId.owner, assigned_user_id: userId.worker, has_started: true, company_id: companyId,
    vehicle_service_status_id: REQUEST_STATUS.STARTED, created_at: new Date(now - 120 * MINUTE),
    schedule_start: new Date(now - 60 * MINUTE), schedule_end: new Date(now + 3 * 60 * MINUTE),
  });
  // A start with no stop: the worker's timer is running.
  const started = new Date(now - 25 * MINUTE);
  await insert(tx, 'worktime', {
    id: newId(), user_id: userId.worker, service_request_id: requestId, operation: WORK_START, time: started,
  });
  const tomorrow = new Date(now + 24 * 60 * MINUTE);
  tomorrow.setUTCHours(16, 0, 0, 0);
  await insert(tx, 'service_requests', {
    id: newId(), description: 'Wheel alignment after the lift; torque-check the lug nuts', vehicle_id: broncoId,
    user_id: userId.owner, updated_by: userId.owner, assigned_user_id: userId.worker, company_id: companyId,
    vehicle_service_status_id: REQUEST_STATUS.SCHEDULED, created_at: new Date(now - 60 * MINUTE),
    schedule_start: tomorrow, schedule_end: new Date(tomorrow.getTime() + 90 * MINUTE),
  });
}

/** Notes and track days, so the vehicle pages show a lived-in vehicle. */
async function seedVehicleStories(tx: Queryable, userId: Record<Role, string>, vehicleIds: Map<string, string>): Promise<void> {
  const id = (tag: string) => {
    const vehicleId = vehicleIds.get(tag);
    if (vehicleId === undefined) throw new Error(`Demo vehicle ${tag} missing`);
    return vehicleId;
  };
  // The history the seed's own writes left dates from the vehicle's creation, like the vehicle.
  await tx.query(
    `update vehicle_events e set created_at = v.created_at + interval '1 minute' + (e.created_at - transaction_timestamp())
       from vehicles v where v.id = e.vehicle_id`,
  );
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * MINUTE);
  const notes: Array<[string, Role, string, boolean, number]> = [
    ['DEMOTAG00001', 'owner', 'Bought from the second owner with full dealer history. Paint meter readings are original on every panel.', false, 5],
    ['DEMOTAG00001', 'owner', 'Clear PPF on the front end and mirrors, installed at https://www.example.com/detailing before the first track day.', true, 4],
    ['DEMOTAG00001', 'owner', 'Oil and filter changed at 21,450 mi with Mobil 1 0W-40. Next change due at 26,000 mi.', false, 2],
    ['DEMOTAG00002', 'owner', 'Front brakes grinding on the last trail run; booked at Tagbook Garage.', false, 1],
    ['DEMOTAG00005', 'worker', 'Track-only car: trailered to every event, never driven on the street.', true, 3],
  ];
  for (const [tag, author, body, isPublic, age] of notes) {
    const at = daysAgo(age);
    await insert(tx, 'vehicle_notes', { id: newId(), vehicle_id: id(tag), user_id: userId[author], body, is_public: isPublic, created_at: at, updated_at: at });
  }
  const sessions: Array<[string, Role, number, string, number, number | null, string, number | null, string]> = [
    ['DEMOTAG00001', 'owner', 4, 'Laguna Seca', 18, 108_412, 'dry', 2.1, 'Michelin Pilot Sport Cup 2'],
    ['DEMOTAG00001', 'owner', 2, 'Thunderhill Raceway (East)', 24, 122_985, 'damp', 2.0, 'Michelin Pilot Sport Cup 2'],
    ['DEMOTAG00001', 'owner', 1, 'Laguna Seca', 21, 106_870, 'dry', 2.1, 'Michelin Pilot Sport Cup 2'],
    ['DEMOTAG00005', 'worker', 2, 'Sebring International', 15, 141_205, 'dry', null, 'Pirelli Trofeo R'],
  ];
  for (const [tag, driver, age, circuit, laps, bestLap, conditions, pressure, tires] of sessions) {
    await insert(tx, 'track_sessions', {
      id: newId(), vehicle_id: id(tag), user_id: userId[driver], held_on: daysAgo(age * 7).toISOString().slice(0, 10), circuit, laps,
      best_lap_ms: bestLap, conditions, tire_pressure_front: pressure, tire_pressure_rear: pressure === null ? null : Math.round((pressure + 0.1) * 10) / 10, tires,
    });
  }
  await seedMaintenance(tx, userId.owner, id('DEMOTAG00001'), (days) => daysAgo(days).toISOString().slice(0, 10));
  await insert(tx, 'report_shares', { id: newId(), vehicle_id: id('DEMOTAG00001'), user_id: userId.owner, token: DEMO_REPORT_LINK });
  await insert(tx, 'vehicle_transfers', {
    id: newId(), vehicle_id: id('DEMOTAG00006'), user_id: userId.worker, to_email: DEMO_ACCOUNTS.owner.email, keep_private_notes: false,
    token_hash: secretDigest(DEMO_TRANSFER_LINK), expires_at: new Date(Date.now() + TRANSFER_LIFETIME_DAYS * 24 * 60 * MINUTE),
  });
  // A passer-by's message through the Trail Bronco's tag, not read yet.
  await insert(tx, 'owner_messages', {
    id: newId(), vehicle_id: id('DEMOTAG00002'), recipient_id: userId.owner, tag_id: 'DEMOTAG00002', reason: 'blocking',
    body: 'The truck is half across the driveway of number 12; could you move it before 8?', can_reply: true,
    reply_email: 'neighbour@example.com', sender_key: 'demo', created_at: new Date(Date.now() - 40 * MINUTE),
  });
}

/**
 * The owner reads miles; their car has readings (one of them a typo the app flags), an oil change done two weeks ago
 * and due again within 600 miles, and the registration due within the month: the home page has something due.
 */
async function seedMaintenance(tx: Queryable, ownerId: string, vehicleId: string, day: (daysAgo: number) => string): Promise<void> {
  await tx.query(`update users set distance_unit = 'mi' where id = $1`, [ownerId]);
  const reading = async (daysAgo: number, value: number, note: string | null = null) => {
    const readingId = newId();
    await insert(tx, 'odometer_readings', { id: readingId, vehicle_id: vehicleId, user_id: ownerId, read_on: day(daysAgo), value, unit: 'mi', note });
    return readingId;
  };
  await reading(120, 18_900);
  const oilChange = await reading(14, 21_450, 'Oil change');
  await reading(6, 2_548);
  await reading(2, 25_480, 'Before the track day');
  const oil = newId();
  await insert(tx, 'vehicle_reminders', {
    id: oil, vehicle_id: vehicleId, user_id: ownerId, title: 'Oil change', due_distance: 21_450, due_on: day(20), distance_unit: 'mi',
    every_months: 12, every_distance: 4_500,
  });
  await insert(tx, 'reminder_completions', { id: newId(), reminder_id: oil, vehicle_id: vehicleId, user_id: ownerId, done_on: day(14), reading_id: oilChange });
  await insert(tx, 'vehicle_reminders', {
    id: newId(), vehicle_id: vehicleId, user_id: ownerId, title: 'Registration renewal', due_on: day(-18), distance_unit: 'mi', every_months: 12,
  });
  await insert(tx, 'vehicle_reminders', {
    id: newId(), vehicle_id: vehicleId, user_id: ownerId, title: 'Brake fluid', due_on: day(-200), distance_unit: 'mi', every_months: 24,
  });
}

/** A few lines for the console: who can sign in with what, and which tags are free to register. */
export function formatDemoCredentials(credentials: DemoCredentials): string {
  const rows = (Object.entries(credentials) as [string, DemoAccount][]).map(
    ([role, { email, password }]) => `  ${role.padEnd(7)}${email.padEnd(22)}${password}`,
  );
  return [
    'Demo data created. Sign in with (change or remove these accounts before real use):',
    ...rows,
    `Unclaimed demo tags: ${DEMO_FREE_TAGS.join(', ')}`,
  ].join('\n');
}
