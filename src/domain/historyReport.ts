import { categoryLabel } from './vehicleCategories.js';
import { checkReadings, fromMetres, lastTrusted, toMetres, type DistanceUnit, type OdometerReading } from './odometer.js';
import { vehicleDisplayName } from './vehicleName.js';

/**
 * A vehicle's history report: what a buyer reads before a sale. Pure, so the owner's device builds it offline from
 * its own rows and the server builds the very same one for a shared link (server/vehicles/historyReport.ts).
 *
 * What it holds is chosen for a buyer and leaves the owner's private life out: the vehicle's identity (name, year,
 * make, model, generation, colour, VIN, category), the service history (each request with its work time, each
 * maintenance task done), the odometer (the readings that agree with each other; a contradicting one is a typo, not
 * history), the track days, and the photos the owner picked. Never: the owner, the plate and state, the Info's
 * notes, the customer, notes, messages, tags, who did the work, or anything a shop wrote internally. The inputs
 * below have no room for those, so a caller cannot let one slip in.
 */

/** How many photos a report may carry: a printed report stays a few pages long. */
export const REPORT_PHOTOS_MAX = 12;

export interface ReportVehicle {
  name: string | null;
  category: number | null;
  type: string | null;
  description: string | null;
}

export interface ReportInfo {
  make: string | null;
  model: string | null;
  year: number | null;
  generation: string | null;
  color: string | null;
  vin: string | null;
}

export interface ReportService {
  id: string;
  description: string;
  /** ISO-8601. */
  created_at: string;
  completed_at: string | null;
  /** Recorded work time in milliseconds. */
  work_ms: number;
}

export interface ReportCompletion {
  id: string;
  /** The reminder's title ('Oil change'). */
  title: string;
  done_on: string;
  reading: { value: number; unit: DistanceUnit } | null;
}

export interface ReportTrackDay {
  id: string;
  held_on: string;
  circuit: string;
  laps: number | null;
  best_lap_ms: number | null;
  conditions: string | null;
}

export interface ReportPhoto {
  id: string;
  /** The stored file's combined hash, which a device reads the bytes by. */
  hash: string;
  type: string;
  description: string | null;
}

export interface ReportSource {
  vehicle: ReportVehicle;
  info: ReportInfo | null;
  services: readonly ReportService[];
  completions: readonly ReportCompletion[];
  readings: readonly OdometerReading[];
  trackDays: readonly ReportTrackDay[];
  /** The vehicle's photos the owner picked, in the order to show them. */
  photos: readonly ReportPhoto[];
  /** The unit distances are shown in: the reader's own on the device, the owner's on a shared link. */
  unit: DistanceUnit;
}

export interface ReportFact {
  label: string;
  value: string;
}

/** One line of the service history: work a shop recorded on a request, or a maintenance task marked done. */
export interface ReportServiceEntry {
  id: string;
  kind: 'request' | 'maintenance';
  /** The calendar day (YYYY-MM-DD) for maintenance; the instant (ISO-8601) the request was opened for requests. */
  on: string;
  title: string;
  /** Requests: when the work was completed; null while open. */
  completed_at: string | null;
  /** Requests: recorded work time; null for maintenance. */
  work_ms: number | null;
  /** Maintenance: the odometer written with it, in the report's unit. */
  odometer: number | null;
}

export interface ReportReading {
  id: string;
  on: string;
  /** In the report's unit. */
  value: number;
}

export interface HistoryReport {
  title: string;
  /** Year, make, model and generation in one line ('1989 Porsche 911 Carrera 964'); empty when none is known. */
  subtitle: string;
  facts: ReportFact[];
  description: string;
  unit: DistanceUnit;
  /** The latest reading that agrees with the others; null before any. */
  odometer: { value: number; on: string } | null;
  /** The readings that agree with each other, newest first. */
  readings: ReportReading[];
  /** Newest first. */
  service: ReportServiceEntry[];
  /** Newest first. */
  trackDays: ReportTrackDay[];
  photos: ReportPhoto[];
  totals: { requests: number; workMs: number; maintenance: number; trackDays: number };
}

const text = (value: string | null | undefined): string => (value ?? '').trim();

function facts(source: ReportSource): ReportFact[] {
  const info = source.info;
  const rows: [string, string][] = [
    ['Year', info?.year ? String(info.year) : ''],
    ['Make', text(info?.make)],
    ['Model', text(info?.model)],
    ['Generation', text(info?.generation)],
    ['Colour', text(info?.color)],
    ['VIN', text(info?.vin).toUpperCase()],
    ['Category', categoryLabel(source.vehicle.category) ?? ''],
    ['Type', text(source.vehicle.type)],
  ];
  return rows.filter(([, value]) => value !== '').map(([label, value]) => ({ label, value }));
}

/** Year, make, model and generation in one line ('1989 Porsche 911 Carrera 964'); empty when none is known. */
export function vehicleSummary(info: Pick<ReportInfo, 'year' | 'make' | 'model' | 'generation'> | null): string {
  return [info?.year ? String(info.year) : '', text(info?.make), text(info?.model), text(info?.generation)]
    .filter((part) => part !== '')
    .join(' ');
}

/** Newest first; within a day, the later one first (a request by its opening instant, a task by its day). */
function byNewest(a: ReportServiceEntry, b: ReportServiceEntry): number {
  return b.on.slice(0, 10).localeCompare(a.on.slice(0, 10)) || b.on.localeCompare(a.on) || a.id.localeCompare(b.id);
}

export function buildHistoryReport(source: ReportSource): HistoryReport {
  const { trusted } = checkReadings(source.readings);
  const inUnit = (value: number, unit: DistanceUnit) => fromMetres(toMetres(value, unit), source.unit);
  const current = lastTrusted(trusted);
  const service: ReportServiceEntry[] = [
    ...source.services.map((s) => ({
      id: s.id, kind: 'request' as const, on: s.created_at, title: text(s.description) || 'Service request',
      completed_at: s.completed_at, work_ms: Math.max(0, Math.round(s.work_ms)), odometer: null,
    })),
    ...source.completions.map((c) => ({
      id: c.id, kind: 'maintenance' as const, on: c.done_on, title: text(c.title) || 'Maintenance', completed_at: null,
      work_ms: null, odometer: c.reading ? inUnit(c.reading.value, c.reading.unit) : null,
    })),
  ].sort(byNewest);
  const trackDays = [...source.trackDays].sort((a, b) => b.held_on.localeCompare(a.held_on) || a.id.localeCompare(b.id));
  return {
    title: vehicleDisplayName(source.vehicle.name),
    subtitle: vehicleSummary(source.info),
    facts: facts(source),
    description: text(source.vehicle.description),
    unit: source.unit,
    odometer: current ? { value: fromMetres(current.metres, source.unit), on: current.on } : null,
    readings: [...trusted].reverse().map((r) => ({ id: r.id, on: r.read_on, value: inUnit(r.value, r.unit) })),
    service,
    trackDays,
    photos: source.photos.slice(0, REPORT_PHOTOS_MAX),
    totals: {
      requests: source.services.length,
      workMs: service.reduce((sum, s) => sum + (s.work_ms ?? 0), 0),
      maintenance: source.completions.length,
      trackDays: trackDays.length,
    },
  };
}

/**
 * The photos a report carries: of those the owner picked (by form file id), the ones still among the vehicle's
 * photos, in the vehicle's own order. A photo removed since is left out rather than shown broken.
 */
export function pickedPhotos<P extends { id: string }>(vehiclePhotos: readonly P[], picked: readonly string[]): P[] {
  const wanted = new Set(picked);
  return vehiclePhotos.filter((p) => wanted.has(p.id)).slice(0, REPORT_PHOTOS_MAX);
}

/** The photo ids a share stores, as the server reads them back: a JSON array of strings, anything else none. */
export function parsePhotoIds(json: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, REPORT_PHOTOS_MAX) : [];
  } catch {
    return [];
  }
}
