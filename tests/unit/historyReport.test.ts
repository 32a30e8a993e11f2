import { describe, expect, it } from 'vitest';
import { buildHistoryReport, parsePhotoIds, pickedPhotos, REPORT_PHOTOS_MAX, vehicleSummary, type ReportSource } from '../../src/domain/historyReport.js';
import { transferState } from '../../src/domain/transfer.js';

const source = (over: Partial<ReportSource> = {}): ReportSource => ({
  vehicle: { name: 'Red 911', category: 1, type: 'Coupe', description: '  Garaged since 2001. ' },
  info: { make: 'Porsche', model: '911 Carrera', year: 1989, generation: '964', color: 'Guards Red', vin: 'wp0zzz96zks400001' },
  services: [],
  completions: [],
  readings: [],
  trackDays: [],
  photos: [],
  unit: 'km',
  ...over,
});

const reading = (id: string, read_on: string, value: number, unit: 'km' | 'mi' = 'km') => ({ id, read_on, value, unit, created_at: `${read_on}T12:00:00.000Z` });

describe('history report', () => {
  it('heads with the name and the year, make, model and generation, and lists only the facts known', () => {
    const report = buildHistoryReport(source());
    expect(report.title).toBe('Red 911');
    expect(report.subtitle).toBe('1989 Porsche 911 Carrera 964');
    expect(report.description).toBe('Garaged since 2001.');
    expect(report.facts).toEqual([
      { label: 'Year', value: '1989' },
      { label: 'Make', value: 'Porsche' },
      { label: 'Model', value: '911 Carrera' },
      { label: 'Generation', value: '964' },
      { label: 'Colour', value: 'Guards Red' },
      { label: 'VIN', value: 'WP0ZZZ96ZKS400001' },
      { label: 'Category', value: 'Sport' },
      { label: 'Type', value: 'Coupe' },
    ]);
    const bare = buildHistoryReport(source({ vehicle: { name: null, category: null, type: null, description: null }, info: null }));
    expect(bare).toMatchObject({ title: 'Unnamed Vehicle', subtitle: '', facts: [], description: '', odometer: null, readings: [], service: [] });
    expect(vehicleSummary({ year: null, make: ' Volvo ', model: '', generation: null })).toBe('Volvo');
  });

  it('leaves a contradicting reading out of the odometer and its list, in the reader’s unit', () => {
    const report = buildHistoryReport(
      source({
        unit: 'mi',
        readings: [reading('a', '2026-01-01', 16_093), reading('typo', '2026-02-01', 160_934), reading('b', '2026-03-01', 20_000), reading('c', '2026-04-01', 12_500, 'mi')],
      }),
    );
    expect(report.odometer).toEqual({ value: 12_500, on: '2026-04-01' });
    expect(report.readings).toEqual([
      { id: 'c', on: '2026-04-01', value: 12_500 },
      { id: 'b', on: '2026-03-01', value: 12_427 },
      { id: 'a', on: '2026-01-01', value: 10_000 },
    ]);
  });

  it('merges requests and maintenance done into one service history, newest first, with work time and totals', () => {
    const report = buildHistoryReport(
      source({
        services: [
          { id: 'r1', description: 'Clutch', created_at: '2026-03-05T09:00:00.000Z', completed_at: '2026-03-06T17:00:00.000Z', work_ms: 5_400_000 },
          { id: 'r2', description: '  ', created_at: '2026-06-01T08:00:00.000Z', completed_at: null, work_ms: -5 },
        ],
        completions: [
          { id: 'm1', title: 'Oil change', done_on: '2026-04-10', reading: { value: 10_000, unit: 'mi' } },
          { id: 'm2', title: 'Brake fluid', done_on: '2026-03-05', reading: null },
        ],
      }),
    );
    expect(report.service.map((s) => [s.id, s.kind, s.title, s.work_ms, s.odometer])).toEqual([
      ['r2', 'request', 'Service request', 0, null],
      ['m1', 'maintenance', 'Oil change', null, 16_093],
      ['r1', 'request', 'Clutch', 5_400_000, null],
      ['m2', 'maintenance', 'Brake fluid', null, null],
    ]);
    expect(report.totals).toEqual({ requests: 2, workMs: 5_400_000, maintenance: 2, trackDays: 0 });
  });

  it('lists track days newest first and carries at most the photo limit', () => {
    const day = (id: string, held_on: string) => ({ id, held_on, circuit: 'Spa', laps: 10, best_lap_ms: 150_000, conditions: 'dry' });
    const photos = Array.from({ length: REPORT_PHOTOS_MAX + 3 }, (_, i) => ({ id: `p${i}`, hash: 'h', type: 'image/jpeg', description: null }));
    const report = buildHistoryReport(source({ trackDays: [day('t1', '2026-05-01'), day('t2', '2026-07-01')], photos }));
    expect(report.trackDays.map((t) => t.id)).toEqual(['t2', 't1']);
    expect(report.totals.trackDays).toBe(2);
    expect(report.photos).toHaveLength(REPORT_PHOTOS_MAX);
  });

  it('picks photos still among the vehicle’s, in its order; reads a stored pick defensively', () => {
    const vehicle = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(pickedPhotos(vehicle, ['c', 'gone', 'a'])).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(parsePhotoIds('["a", 3, "b"]')).toEqual(['a', 'b']);
    expect(parsePhotoIds('{"a":1}')).toEqual([]);
    expect(parsePhotoIds('not json')).toEqual([]);
    expect(parsePhotoIds(null)).toEqual([]);
  });
});

describe('transfer state', () => {
  const now = Date.parse('2026-11-28T12:00:00.000Z');
  it('is final once answered or cancelled, and lapses at its expiry', () => {
    expect(transferState({ accepted_at: null, cancelled_at: null, expires_at: '2026-11-28T12:00:01.000Z' }, now)).toBe('pending');
    expect(transferState({ accepted_at: null, cancelled_at: null, expires_at: '2026-11-28T12:00:00.000Z' }, now)).toBe('expired');
    expect(transferState({ accepted_at: '2026-11-27T00:00:00.000Z', cancelled_at: null, expires_at: '2026-11-20T00:00:00.000Z' }, now)).toBe('accepted');
    expect(transferState({ accepted_at: null, cancelled_at: '2026-11-27T00:00:00.000Z', expires_at: '2026-12-20T00:00:00.000Z' }, now)).toBe('cancelled');
  });
});
