import { useMemo } from 'react';
import { anyLoading, useWatchedQuery } from '../../../data/useQuery.js';
import { isImageType } from '../../../domain/files.js';
import { buildHistoryReport, pickedPhotos, type HistoryReport, type ReportPhoto } from '../../../domain/historyReport.js';
import { isDistanceUnit } from '../../../domain/odometer.js';
import { useDistanceUnit, useVehicleMaintenance } from '../../../entities/maintenance/queries.js';
import { toReading } from '../../../entities/maintenance/status.js';
import { useAttachments, type Attachment } from '../../../uploads/queries.js';
import { useServiceSummaries, useTrackSessions, useVehicleInfo } from '../data/records.js';
import type { VehicleArea } from '../data/useVehicleArea.js';

/** The vehicle's photos a report may show: its images, in its own order (the server lists the same: server/handover/report.ts). */
export function reportablePhotos(items: readonly Attachment[]): ReportPhoto[] {
  return items.filter((a) => isImageType(a.type)).map((a) => ({ id: a.id, hash: a.combinedHash, type: a.type, description: null }));
}

type CompletionLine = { id: string; title: string | null; done_on: string | null; value: number | null; unit: string | null };

/** Each maintenance task done on the vehicle, with its reminder's title and its reading, as the server reads them too. */
function useCompletionLines(vehicleId: string) {
  return useWatchedQuery<CompletionLine>(
    `SELECT c.id, r.title, c.done_on, o.value, o.unit
       FROM reminder_completions c
       JOIN vehicle_reminders r ON r.id = c.reminder_id
       LEFT JOIN odometer_readings o ON o.id = c.reading_id AND o.deleted_at IS NULL
      WHERE c.vehicle_id = ? AND c.deleted_at IS NULL`,
    [vehicleId],
  );
}

/**
 * The vehicle's history report as this device builds it from its own rows, offline too (the server builds the same
 * one for a shared link: server/handover/report.ts), with the photos picked. `photos` are the vehicle's photos that
 * can be picked.
 */
export function useHistoryReport(area: VehicleArea, vehicleId: string, picked: readonly string[]) {
  const { status: infoStatus, info } = useVehicleInfo(area, vehicleId);
  const services = useServiceSummaries(area, vehicleId);
  const tracks = useTrackSessions(area, vehicleId);
  const maintenance = useVehicleMaintenance(vehicleId);
  const completions = useCompletionLines(vehicleId);
  const attachments = useAttachments({ kind: 'vehicle', id: vehicleId });
  const { loading: unitLoading, unit } = useDistanceUnit(area.userId);
  const photos = useMemo(() => reportablePhotos(attachments.items), [attachments.items]);
  const vehicle = area.vehicle;
  const report = useMemo<HistoryReport | null>(() => {
    if (vehicle === null) return null;
    return buildHistoryReport({
      vehicle: { name: vehicle.name, category: vehicle.category, type: vehicle.type, description: vehicle.description },
      info: info && { make: info.make, model: info.model, year: info.year, generation: info.generation, color: info.color, vin: info.vin },
      services: services.rows,
      completions: completions.rows.flatMap((c) =>
        c.done_on === null ? [] : [{ id: c.id, title: c.title ?? '', done_on: c.done_on, reading: c.value !== null && isDistanceUnit(c.unit) ? { value: c.value, unit: c.unit } : null }],
      ),
      readings: maintenance.readings.flatMap((r) => toReading(r) ?? []),
      trackDays: tracks.rows.map((t) => ({
        id: t.id, held_on: t.held_on ?? '', circuit: t.circuit ?? '', laps: t.laps, best_lap_ms: t.best_lap_ms, conditions: t.conditions,
      })),
      photos: pickedPhotos(photos, picked),
      unit,
    });
  }, [vehicle, info, services.rows, completions.rows, maintenance.readings, tracks.rows, photos, picked, unit]);
  const loading =
    infoStatus === 'loading' || services.status === 'loading' || tracks.status === 'loading' || maintenance.loading || unitLoading ||
    anyLoading(completions) || attachments.status === 'loading';
  return { loading, report, photos };
}
