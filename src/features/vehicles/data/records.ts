import { useMemo } from 'react';
import { anyLoading } from '../../../data/useQuery.js';
import { useVehicleRequests } from '../../../entities/serviceRequest/queries.js';
import { useVehicleWork } from '../../../entities/worktime/queries.js';
import { workTotalsMs } from '../../../entities/worktime/records.js';
import { useLocalEvents, useLocalInfo, useLocalNotes, useLocalTrackSessions } from './localQueries.js';
import { newestFirst, overlay } from './snapshot.js';
import type { EventData, InfoData, NoteData, ServiceData, TrackSessionData } from './types.js';
import type { VehicleArea } from './useVehicleArea.js';

// A vehicle's records as its pages show them: from the device's own tables for the owner's synced vehicle, and
// from the server's answer overlaid with this device's rows (its pending writes) for everyone else.

export interface Records<T> {
  status: 'loading' | 'ready';
  rows: T[];
}

function combine<T extends { id: string }>(area: VehicleArea, local: { status: string; rows: readonly T[] }, server: readonly T[] | undefined): Records<T> {
  const rows = area.source === 'local' ? [...local.rows] : overlay(server ?? [], local.rows);
  return { status: local.status === 'loading' ? 'loading' : 'ready', rows };
}

export function useVehicleInfo(area: VehicleArea, vehicleId: string): { status: 'loading' | 'ready'; info: InfoData | null } {
  const local = useLocalInfo(vehicleId);
  const row = local.rows[0] ?? null;
  const server = area.snapshot?.info ?? null;
  // A local row written here may lack the customer's name the server's answer carries.
  const info = row ?? server;
  const merged = info && row && server && row.customer_id === server.customer_id && !row.customer_name ? { ...row, customer_name: server.customer_name } : info;
  return { status: local.status === 'loading' ? 'loading' : 'ready', info: merged };
}

/** Notes that are not removed, newest first. */
export function useVehicleNotes(area: VehicleArea, vehicleId: string): Records<NoteData> {
  const local = useLocalNotes(vehicleId);
  const combined = combine(area, local, area.snapshot?.notes);
  const rows = useMemo(() => newestFirst(combined.rows.filter((n) => !n.deleted_at), (n) => n.created_at), [combined.rows]);
  return { status: combined.status, rows };
}

/** Track sessions that are not removed, the most recent day first. */
export function useTrackSessions(area: VehicleArea, vehicleId: string): Records<TrackSessionData> {
  const local = useLocalTrackSessions(vehicleId);
  const combined = combine(area, local, area.snapshot?.trackSessions);
  const rows = useMemo(
    () =>
      combined.rows
        .filter((t) => !t.deleted_at)
        .sort((a, b) => (b.held_on ?? '').localeCompare(a.held_on ?? '') || (b.created_at ?? '').localeCompare(a.created_at ?? '') || a.id.localeCompare(b.id)),
    [combined.rows],
  );
  return { status: combined.status, rows };
}

export function useVehicleEvents(area: VehicleArea, vehicleId: string): Records<EventData> {
  return combine(area, useLocalEvents(vehicleId), area.snapshot?.events);
}

/** The vehicle's service requests with their work time (the sum of start-to-stop intervals). */
export function useServiceSummaries(area: VehicleArea, vehicleId: string): Records<ServiceData> {
  const requests = useVehicleRequests(vehicleId);
  const worktime = useVehicleWork(vehicleId);
  const local = useMemo(() => {
    const totals = workTotalsMs(worktime.rows, Date.now());
    return requests.rows.map((r) => ({
      id: r.id,
      description: r.description ?? '',
      created_at: r.created_at ?? '',
      completed_at: r.completed_at,
      work_ms: totals.get(r.id) ?? 0,
    }));
  }, [requests.rows, worktime.rows]);
  const status = anyLoading(requests, worktime) ? 'loading' : 'ready';
  // Not overlaid: a device that does not own the vehicle may hold its requests (an admin's or a company's) but not
  // all of their work time, so only the server's totals are whole.
  if (area.source === 'local') return { status, rows: local };
  return { status: 'ready', rows: [...(area.snapshot?.services ?? [])] };
}
