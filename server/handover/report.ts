import type { MessageInitShape } from '@bufbuild/protobuf';
import { buildHistoryReport, pickedPhotos, REPORT_PHOTOS_MAX, type HistoryReport, type ReportSource } from '../../src/domain/historyReport.js';
import { isDistanceUnit, DEFAULT_DISTANCE_UNIT } from '../../src/domain/odometer.js';
import type { HistoryReportSchema } from '../../src/gen/tagbook/v1/history_report_pb.js';
import type { Queryable } from '../db/db.js';
import { signedForLink } from '../files/download-url.js';
import type { FileStorage } from '../files/files.js';
import { serviceRequests, trackSessions } from '../vehicles/records.js';
import { profilePhotos, vehicleById } from '../vehicles/store.js';
import { vehicleSummaryInfo } from './store.js';

const iso = (ms: bigint): string | null => (ms === 0n ? null : new Date(Number(ms)).toISOString());

/** The vehicle's photos a report may show (every one of them, in the vehicle's order), for checking a pick. */
export async function reportablePhotos(db: Queryable, vehicleId: string) {
  return profilePhotos(db, vehicleId, 500);
}

/**
 * What the vehicle's history report is built from, read from the database as it stands: the same source the owner's
 * device reads from its synced rows (src/features/vehicles/report/reportSource.ts), so both build one report.
 * Distances are in the owner's unit.
 */
export async function reportSource(db: Queryable, vehicleId: string, photoIds: readonly string[]): Promise<ReportSource | null> {
  const vehicle = await vehicleById(db, vehicleId);
  if (vehicle === null) return null;
  const [owner] = await db.query<{ distance_unit: string }>('select distance_unit from users where id = $1', [vehicle.user_id]);
  const readings = await db.query<{ id: string; read_on: string; value: number; unit: string; created_at: Date }>(
    `select id, read_on::text as read_on, value, unit, created_at from odometer_readings where vehicle_id = $1 and deleted_at is null`,
    [vehicleId],
  );
  // A task done stays history when its reminder is removed later; a completion removed is not history.
  const completions = await db.query<{ id: string; title: string; done_on: string; value: number | null; unit: string | null }>(
    `select c.id, r.title, c.done_on::text as done_on, o.value, o.unit
       from reminder_completions c
       join vehicle_reminders r on r.id = c.reminder_id
       left join odometer_readings o on o.id = c.reading_id and o.deleted_at is null
      where c.vehicle_id = $1 and c.deleted_at is null`,
    [vehicleId],
  );
  const photos = pickedPhotos(await reportablePhotos(db, vehicleId), photoIds);
  return {
    vehicle: { name: vehicle.name, category: vehicle.category, type: vehicle.type, description: vehicle.description },
    info: await vehicleSummaryInfo(db, vehicleId),
    services: (await serviceRequests(db, vehicleId)).map((s) => ({
      id: s.id!, description: s.description ?? '', created_at: iso(s.createdAt ?? 0n)!, completed_at: iso(s.completedAt ?? 0n),
      work_ms: Number(s.workMs ?? 0n),
    })),
    completions: completions.map((c) => ({
      id: c.id, title: c.title, done_on: c.done_on,
      reading: c.value !== null && isDistanceUnit(c.unit) ? { value: c.value, unit: c.unit } : null,
    })),
    readings: readings.flatMap((r) =>
      isDistanceUnit(r.unit) ? [{ id: r.id, read_on: r.read_on, value: r.value, unit: r.unit, created_at: r.created_at.toISOString() }] : [],
    ),
    trackDays: (await trackSessions(db, vehicleId)).map((t) => ({
      id: t.id!, held_on: t.heldOn ?? '', circuit: t.circuit ?? '', laps: t.laps ?? null, best_lap_ms: t.bestLapMs ?? null,
      conditions: t.conditions || null,
    })),
    // No captions: a device lists its photos without them, and both build the same report.
    photos: photos.map((p) => ({ id: p.id, hash: p.filehash, type: p.type, description: null })),
    unit: isDistanceUnit(owner?.distance_unit) ? owner.distance_unit : DEFAULT_DISTANCE_UNIT,
  };
}

/** The report as the wire carries it, each photo with a signed address a signed-out reader downloads it from. */
export async function reportMessage(
  db: Queryable,
  files: FileStorage,
  report: HistoryReport,
): Promise<MessageInitShape<typeof HistoryReportSchema>> {
  const photos = [];
  for (const photo of report.photos.slice(0, REPORT_PHOTOS_MAX)) {
    const url = await signedForLink(files, db, photo.hash);
    if (url === null) continue;
    photos.push({ id: photo.id, hash: photo.hash, type: photo.type, description: photo.description ?? '', url });
  }
  return {
    title: report.title, subtitle: report.subtitle, facts: report.facts, description: report.description, unit: report.unit,
    odometer: report.odometer ? { id: '', on: report.odometer.on, value: report.odometer.value } : undefined,
    readings: report.readings,
    service: report.service.map((s) => ({
      id: s.id, kind: s.kind, on: s.on, title: s.title, completedAt: s.completed_at ?? '',
      workMs: s.work_ms === null ? undefined : BigInt(s.work_ms), odometer: s.odometer ?? undefined,
    })),
    trackDays: report.trackDays.map((t) => ({
      id: t.id, heldOn: t.held_on, circuit: t.circuit, laps: t.laps ?? undefined, bestLapMs: t.best_lap_ms ?? undefined,
      conditions: t.conditions ?? '',
    })),
    photos,
    totals: { ...report.totals, workMs: BigInt(report.totals.workMs) },
  };
}

export { buildHistoryReport };
