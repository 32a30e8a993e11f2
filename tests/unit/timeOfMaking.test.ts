import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Every path that makes a row on the device writes the time the person acted as its created_at, the time of making
// the server keeps: not a later time, such as when the local database finished opening.

interface Call {
  sql: string;
  params: unknown[];
}
const calls: Call[] = [];
let release: () => void = () => {};

const tx = {
  execute: async (sql: string, params: unknown[] = []) => void calls.push({ sql, params }),
  getOptional: async () => null,
  getAll: async () => [],
};
const fakeDb = { ...tx, writeTransaction: async (fn: (t: typeof tx) => Promise<unknown>) => fn(tx) };

vi.mock('../../src/data/databaseState.js', () => ({
  // The database opens only when the test says so, after the clock has moved on.
  whenDatabaseReady: () => new Promise((resolve) => (release = () => resolve(fakeDb))),
}));
vi.mock('../../src/features/vehicles/data/remote.js', () => ({
  patchCachedSnapshot: async () => {},
  refreshAfterUpload: async () => {},
}));

const { createVehicle } = await import('../../src/data/vehicles.js');
const { addNote, addTrackSession, saveInfo } = await import('../../src/features/vehicles/data/writes.js');
const { createRequest, startWork } = await import('../../src/features/services/writes.js');
const { REQUEST_STATUS } = await import('../../src/domain/serviceStatus.js');

const ACTED = Date.parse('2026-03-07T22:24:00.000Z');
const OPENED = ACTED + 2 * 60_000;

/** The values an INSERT into `table` wrote, by column. */
function inserted(table: string): Record<string, unknown> {
  const call = calls.find((c) => new RegExp(`^\\s*INSERT INTO ${table} \\(`).test(c.sql));
  if (!call) throw new Error(`nothing was inserted into ${table}`);
  const columns = /\(([^)]*)\)/.exec(call.sql)![1]!.split(',').map((c) => c.trim());
  return Object.fromEntries(columns.map((c, i) => [c, call.params[i]]));
}

/** Acts at ACTED, lets the database open at OPENED, and waits for the write. */
async function actThenOpen(write: () => Promise<unknown>): Promise<void> {
  const done = write();
  vi.setSystemTime(OPENED);
  await Promise.resolve();
  release();
  await done;
}

describe('the time of making a row on the device', () => {
  beforeEach(() => {
    calls.length = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ACTED);
  });
  afterEach(() => vi.useRealTimers());

  it.each<[string, string, () => Promise<unknown>]>([
    ['a vehicle', 'vehicles', () => createVehicle('user-1', 'Barn find')],
    ['a note', 'vehicle_notes', () => addNote('vehicle-1', { id: 'user-1', name: 'Sam' }, 'Oil topped up', false)],
    ['a track session', 'track_sessions', () =>
      addTrackSession('vehicle-1', 'user-1', {
        held_on: '2026-03-07', circuit: 'Laguna Seca', laps: null, best_lap_ms: null, conditions: null, tire_pressure_front: null,
        tire_pressure_rear: null, tires: null, notes: null,
      })],
    ['vehicle info', 'vehicles_info', () => saveInfo('vehicle-1', null, { make: 'Ford' }, null)],
    ['a service request', 'service_requests', () =>
      createRequest({ vehicleId: 'vehicle-1', companyId: null, description: 'Brakes', scheduleStart: null, scheduleEnd: null, assignedUserId: null })],
    ['a work record', 'worktime', () => startWork('user-1', { id: 'request-1', status: REQUEST_STATUS.STARTED, has_started: 1 })],
  ])('%s is made at the moment the person acted', async (_what, table, write) => {
    await actThenOpen(write);
    expect(inserted(table).created_at).toBe(new Date(ACTED).toISOString());
  });
});
