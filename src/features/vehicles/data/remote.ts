import { Code, ConnectError } from '@connectrpc/connect';
import { whenDatabaseReady } from '../../../data/databaseState.js';
import { firstAnswer, type FirstAnswer } from '../../../data/firstAnswer.js';
import { useWatchedQuery } from '../../../data/useQuery.js';
import { App, VehicleContentsService } from '../../../gen/tagbook/v1/vehicle_contents_pb.js';
import { VehicleService } from '../../../gen/tagbook/v1/vehicle_pb.js';
import { isOfflineError } from '../../../rpc/interceptors.js';
import { rpcClient } from '../../../rpc/transport.js';
import { profileItemsFromResponse, snapshotFromResponse } from './snapshot.js';
import type { ProfileItem, VehicleSnapshot } from './types.js';

// What the server says about vehicles this device does not sync, kept in local_vehicle_reads so a revisit works
// offline. Two kinds per vehicle: 'vehicle' (GetVehicle) and 'profile' (the profile's contents).

/** What the server says for a vehicle that is missing or not the caller's to see. */
export const VEHICLE_NOT_FOUND = 'Vehicle not found!';

type ReadKind = 'vehicle' | 'profile';
const readId = (kind: ReadKind, vehicleId: string) => `${kind}:${vehicleId}`;

/** The outcome of asking: the answer was stored, the vehicle is not there (or not ours to see), or no answer. */
export type FetchOutcome = 'stored' | 'not-found' | 'unreachable';

function outcomeOf(error: unknown): FetchOutcome {
  if (error instanceof ConnectError && error.code === Code.NotFound) return 'not-found';
  if (isOfflineError(error)) return 'unreachable';
  if (error instanceof ConnectError && (error.code === Code.Unknown || error.code === Code.Unavailable || error.code === Code.DeadlineExceeded)) {
    return 'unreachable';
  }
  throw error;
}

async function store(kind: ReadKind, vehicleId: string, payload: unknown): Promise<void> {
  const db = await whenDatabaseReady();
  await db.execute(
    'INSERT OR REPLACE INTO local_vehicle_reads (id, vehicle_id, kind, payload, fetched_at) VALUES (?, ?, ?, ?, ?)',
    [readId(kind, vehicleId), vehicleId, kind, JSON.stringify(payload), new Date().toISOString()],
  );
}

/** A vehicle that is gone (or no longer ours to see) must not live on in the cache. */
async function forget(vehicleId: string): Promise<void> {
  const db = await whenDatabaseReady();
  await db.execute('DELETE FROM local_vehicle_reads WHERE vehicle_id = ?', [vehicleId]);
}

export async function fetchVehicle(vehicleId: string): Promise<FetchOutcome> {
  try {
    const res = await rpcClient(VehicleService).getVehicle({ vehicleId });
    await store('vehicle', vehicleId, snapshotFromResponse(res, new Date()));
    return 'stored';
  } catch (error) {
    const outcome = outcomeOf(error);
    if (outcome === 'not-found') await forget(vehicleId);
    return outcome;
  }
}

export async function fetchProfileContents(vehicleId: string): Promise<FetchOutcome> {
  try {
    const res = await rpcClient(VehicleContentsService).listVehicleContents({ vehicleId, app: App.PROFILE });
    await store('profile', vehicleId, profileItemsFromResponse(res));
    return 'stored';
  } catch (error) {
    const outcome = outcomeOf(error);
    if (outcome === 'not-found') await forget(vehicleId);
    return outcome;
  }
}

function useRead<T>(kind: ReadKind, vehicleId: string): { status: 'loading' | 'ready'; value: T | null } {
  const rows = useWatchedQuery<{ payload: string }>('SELECT payload FROM local_vehicle_reads WHERE id = ?', [readId(kind, vehicleId)]);
  const payload = rows.rows[0]?.payload;
  return { status: rows.status === 'loading' ? 'loading' : 'ready', value: payload === undefined ? null : (JSON.parse(payload) as T) };
}

/**
 * The vehicle as the page's first answer showed it (src/data/firstAnswer.ts), the stand-in for a cached answer until
 * the device has one of its own; null when the page came without one about this vehicle.
 */
export function firstSnapshot(vehicleId: string): VehicleSnapshot | null {
  const read = readFirstAnswer();
  return read?.snapshot.vehicle.id === vehicleId ? read.snapshot : null;
}

/** The profile's contents as the page's first answer showed them, like firstSnapshot. */
export function firstProfileItems(vehicleId: string): ProfileItem[] | null {
  const read = readFirstAnswer();
  return read?.snapshot.vehicle.id === vehicleId ? read.profile : null;
}

// Converted once per answer: every render then gets the same objects, as it would from a cached answer.
let firstRead: { answer: FirstAnswer; snapshot: VehicleSnapshot; profile: ProfileItem[] | null } | null = null;

function readFirstAnswer() {
  const answer = firstAnswer();
  if (answer?.vehicle?.vehicle === undefined) return null;
  if (firstRead?.answer !== answer) {
    const profile = answer.profile === null ? null : profileItemsFromResponse(answer.profile);
    firstRead = { answer, snapshot: snapshotFromResponse(answer.vehicle!, new Date()), profile };
  }
  return firstRead;
}

export function useCachedSnapshot(vehicleId: string) {
  return useRead<VehicleSnapshot>('vehicle', vehicleId);
}

export function useCachedProfileItems(vehicleId: string) {
  return useRead<ProfileItem[]>('profile', vehicleId);
}

/**
 * Writes a change into the cached answer too, so a page built on it shows the change at once and keeps showing it
 * after the device drops its own copy of a row its buckets do not hold. The next answer replaces it anyway.
 */
export async function patchCachedSnapshot(vehicleId: string, patch: (snapshot: VehicleSnapshot) => VehicleSnapshot): Promise<void> {
  const db = await whenDatabaseReady();
  await db.writeTransaction(async (tx) => {
    const row = await tx.getOptional<{ payload: string }>('SELECT payload FROM local_vehicle_reads WHERE id = ?', [readId('vehicle', vehicleId)]);
    if (!row) return;
    const next = patch(JSON.parse(row.payload) as VehicleSnapshot);
    await tx.execute('UPDATE local_vehicle_reads SET payload = ? WHERE id = ?', [JSON.stringify(next), readId('vehicle', vehicleId)]);
  });
}

// Pages ask for a fresh answer after their writes have reached the server.
const refreshListeners = new Map<string, Set<() => void>>();

export function onRefreshRequested(vehicleId: string, listener: () => void): () => void {
  const set = refreshListeners.get(vehicleId) ?? new Set();
  set.add(listener);
  refreshListeners.set(vehicleId, set);
  return () => set.delete(listener);
}

/** The vehicle's pages fetch the server's answer again now (after a change made through the server). */
export function requestRefresh(vehicleId: string): void {
  for (const listener of refreshListeners.get(vehicleId) ?? []) listener();
}

/** Once every queued write of this device has been uploaded, the vehicle's pages fetch the server's answer again. */
export async function refreshAfterUpload(vehicleId: string): Promise<void> {
  const db = await whenDatabaseReady();
  for (;;) {
    const stats = await db.getUploadQueueStats();
    if (stats.count === 0) break;
    await new Promise<void>((resolve) => {
      const dispose = db.registerListener({
        statusChanged: () => {
          dispose();
          resolve();
        },
      });
    });
  }
  requestRefresh(vehicleId);
}
