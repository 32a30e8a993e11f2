import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../../rpc/session.js';
import { actorFromLinks, needsServerRead, vehicleAccess, type Access, type SECTION_ACCESS } from '../access.js';
import { useEmploymentLinks, useServicingCompanies } from '../../../entities/company/queries.js';
import { useLocalTags, useLocalVehicle } from './localQueries.js';
import { fetchVehicle, firstSnapshot, onRefreshRequested, useCachedSnapshot, type FetchOutcome } from './remote.js';
import type { VehicleData, VehicleSnapshot } from './types.js';

export type AreaStatus = 'loading' | 'ready' | 'not-found' | 'offline' | 'error';

export interface VehicleArea {
  status: AreaStatus;
  vehicle: VehicleData | null;
  access: Access;
  /**
   * Where the vehicle's records (info, notes, track days, history) come from: this device's synced tables (the
   * owner's own vehicle) or the server's answer, overlaid with what this device wrote.
   */
  source: 'local' | 'server';
  snapshot: VehicleSnapshot | null;
  tags: string[];
  /** The signed-in user's id, or null. */
  userId: string | null;
}

/**
 * Everything the vehicle pages need to decide what to show: the vehicle from the local database when this device
 * syncs it, otherwise from the server (cached for offline revisits), the caller's access, and whether the page
 * may say "not found" yet — only once the server has said so.
 */
export function useVehicleArea(vehicleId: string, view: keyof typeof SECTION_ACCESS): VehicleArea {
  const user = useCurrentUser();
  const local = useLocalVehicle(vehicleId);
  const localTags = useLocalTags(vehicleId);
  const cached = useCachedSnapshot(vehicleId);
  const servicing = useServicingCompanies(vehicleId);
  const links = useEmploymentLinks(user?.id ?? null);
  const localVehicle = local.rows[0] ?? null;
  const isOwnerLocally = localVehicle !== null && user !== null && localVehicle.user_id === user.id;
  const wantsServer =
    local.status !== 'loading' &&
    needsServerRead({ hasLocalVehicle: localVehicle !== null, isOwnerLocally, isAdmin: user?.isAdmin ?? false, signedIn: user !== null, view });
  const [outcome, setOutcome] = useState<FetchOutcome | 'pending' | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wantsServer) return;
    let current = true;
    setOutcome('pending');
    fetchVehicle(vehicleId).then(
      (result) => current && setOutcome(result),
      (error: unknown) => {
        console.error('Could not read the vehicle', error);
        if (current) setOutcome('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [vehicleId, wantsServer, user?.id, attempt]);

  // Asked again when the network returns, and after this device's writes have reached the server.
  useEffect(() => {
    if (!wantsServer) return;
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    const stop = onRefreshRequested(vehicleId, again);
    return () => {
      window.removeEventListener('online', again);
      stop();
    };
  }, [vehicleId, wantsServer]);

  const localLoading = [local, localTags, servicing, links].some((query) => query.status === 'loading');
  // The page's first answer (an anonymous caller's GetVehicle, sent with the page) stands in for the server's answer
  // until the device holds one: while its database opens, and until the server has been asked again.
  const first = firstSnapshot(vehicleId);
  const serverView = wantsServer || (localLoading && first !== null);
  const snapshot = serverView && outcome !== 'not-found' ? (cached.value ?? first) : null;
  const vehicle = localVehicle ?? snapshot?.vehicle ?? null;
  const actor = user === null ? null : actorFromLinks(user, links.rows, Date.now());
  const access = vehicleAccess(actor, vehicle, snapshot?.access ?? null, servicing.rows.map((row) => row.company_id));
  const tags = localTags.rows.length > 0 ? localTags.rows.map((t) => t.id) : (snapshot?.tags ?? []);
  const base = { vehicle, access, source: isOwnerLocally ? 'local' : 'server', snapshot, tags, userId: user?.id ?? null } as const;

  let status: AreaStatus;
  if ((localLoading || (wantsServer && cached.status === 'loading')) && snapshot === null) status = 'loading';
  else if (vehicle !== null) status = 'ready';
  else if (!wantsServer || outcome === null || outcome === 'pending' || outcome === 'stored') status = 'loading';
  else if (outcome === 'not-found') status = 'not-found';
  else if (outcome === 'unreachable') status = 'offline';
  else status = 'error';
  return { ...base, status };
}
