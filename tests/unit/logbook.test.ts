import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { workTotalsMs } from '../../src/entities/worktime/records.js';
import { GetVehicleResponseSchema, VehicleAccess } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { newestFirst, overlay, snapshotFromResponse } from '../../src/features/vehicles/data/snapshot.js';
import type { EventData, NoteData, TrackSessionData } from '../../src/features/vehicles/data/types.js';
import { buildLogbook } from '../../src/features/vehicles/logbook/logbook.js';
import { trackStats } from '../../src/features/vehicles/track/trackStats.js';

const event = (id: string, kind: string, detail: string | null, at: string, actor: string | null = null): EventData => ({
  id, vehicle_id: 'v', kind, detail, actor_name: actor, created_at: at,
});
const note = (id: string, body: string, at: string, deleted: string | null = null): NoteData => ({
  id, vehicle_id: 'v', user_id: 'u', author_name: 'Demo Owner', body, is_public: 0, created_at: at, updated_at: at, deleted_at: deleted,
});
const session = (id: string, circuit: string, day: string, best: number | null, laps: number | null): TrackSessionData => ({
  id, vehicle_id: 'v', user_id: 'u', held_on: day, circuit, laps, best_lap_ms: best, conditions: null, tire_pressure_front: null,
  tire_pressure_rear: null, tires: null, notes: null, created_at: null, updated_at: null, deleted_at: null,
});

describe('the logbook', () => {
  it('tells the vehicle’s story newest first, from every record, with who did what', () => {
    const entries = buildLogbook({
      vehicle: { id: 'v', created_at: '2025-01-10T09:00:00.000Z' },
      events: [
        event('e1', 'info', 'year,make,vin,unknown', '2025-01-10T09:01:00.000Z'),
        event('e2', 'ownership', 'Demo Worker', '2026-03-01T10:00:00.000Z', 'Demo Admin'),
        event('e3', 'tag_linked', 'DEMOTAG00001', '2025-01-11T09:00:00.000Z'),
        event('e4', 'visibility', 'public', '2025-02-01T09:00:00.000Z'),
        event('e5', 'something-new', 'x', '2025-02-02T09:00:00.000Z'),
        event('e6', 'tag_replaced', 'DEMOTAG00001 DEMOFREE0001', '2025-03-01T09:00:00.000Z', 'Demo Owner'),
      ],
      notes: [note('n1', 'Oil changed', '2025-06-01T08:00:00.000Z'), note('n2', 'Removed', '2025-06-02T08:00:00.000Z', '2025-06-03T08:00:00.000Z')],
      services: [
        { id: 's1', description: 'Brakes', created_at: '2025-07-01T08:00:00.000Z', completed_at: '2025-07-02T08:00:00.000Z', work_ms: 7_500_000 },
        { id: 's2', description: 'Alignment', created_at: '2026-04-01T08:00:00.000Z', completed_at: null, work_ms: 1_500_000 },
      ],
      trackSessions: [session('t1', 'Laguna Seca', '2025-06-01', 102_357, 18)],
      duration: (ms) => `${Math.round(ms / 60_000)} min`,
      locale: 'en-US',
    });
    expect(entries.map((e) => [e.kind, e.title, e.detail, e.actor])).toEqual([
      ['service', 'Service requested', 'Alignment · Work time 25 min', null],
      ['ownership', 'Ownership moved to Demo Worker', null, 'Demo Admin'],
      ['service-done', 'Service completed', 'Work time 125 min', null],
      ['service', 'Service requested', 'Brakes', null],
      ['track', 'Track day at Laguna Seca', '18 laps · best lap 1:42.357', null],
      ['note', 'Note', 'Oil changed', 'Demo Owner'],
      ['tag', 'Tag DEMOTAG00001 replaced by DEMOFREE0001', null, 'Demo Owner'],
      ['visibility', 'Made public', null, null],
      ['tag', 'Tag DEMOTAG00001 linked', null, null],
      ['info', 'Info updated', 'VIN, Make, Year', null],
      ['added', 'Vehicle added', null, null],
    ]);
  });
});

describe('work time', () => {
  it('sums each person’s start-to-stop intervals; a clock still running counts until now', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 8, m)).toISOString();
    const totals = workTotalsMs(
      [
        { id: 'w1', service_request_id: 'r1', user_id: 'a', operation: 1, time: at(0) },
        { id: 'w2', service_request_id: 'r1', user_id: 'a', operation: 2, time: at(30) },
        { id: 'w3', service_request_id: 'r1', user_id: 'b', operation: 1, time: at(10) },
        { id: 'w4', service_request_id: 'r1', user_id: 'a', operation: 1, time: at(40) },
        { id: 'w5', service_request_id: 'r1', user_id: 'a', operation: 2, time: at(45) },
        { id: 'w6', service_request_id: 'r2', user_id: 'a', operation: 2, time: at(5) },
      ],
      Date.parse(at(60)),
    );
    expect(totals.get('r1')).toBe((30 + 5 + 50) * 60_000);
    expect(totals.get('r2') ?? 0).toBe(0);
  });

  it('follows the shared work-time rules: a second device starting a running clock adds nothing', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 8, m)).toISOString();
    const totals = workTotalsMs(
      [
        { id: 'w1', service_request_id: 'r1', user_id: 'a', operation: 1, time: at(0) },
        { id: 'w2', service_request_id: 'r1', user_id: 'a', operation: 1, time: at(10) },
        { id: 'w3', service_request_id: 'r1', user_id: 'a', operation: 2, time: at(20) },
      ],
      Date.parse(at(60)),
    );
    expect(totals.get('r1')).toBe(20 * 60_000);
  });

  it('counts a person’s moment once across requests: a stretch started later elsewhere takes it over', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 8, m)).toISOString();
    const totals = workTotalsMs(
      [
        { id: 'w1', service_request_id: 'r1', user_id: 'a', operation: 1, time: at(0) },
        { id: 'w2', service_request_id: 'r2', user_id: 'a', operation: 1, time: at(20) },
        { id: 'w3', service_request_id: 'r2', user_id: 'a', operation: 2, time: at(40) },
        { id: 'w4', service_request_id: 'r1', user_id: 'a', operation: 2, time: at(60) },
      ],
      Date.parse(at(90)),
    );
    expect([totals.get('r1'), totals.get('r2')]).toEqual([40 * 60_000, 20 * 60_000]);
  });
});

describe('track statistics', () => {
  it('counts sessions and laps, and keeps each circuit’s best lap however its name was typed', () => {
    const stats = trackStats([
      session('a', 'Laguna Seca', '2026-01-01', 108_412, 18),
      session('b', 'laguna  seca ', '2026-02-01', 106_870, 21),
      session('c', 'Thunderhill', '2026-03-01', null, null),
    ]);
    expect(stats).toEqual({
      sessions: 3,
      laps: 39,
      bests: [
        { circuit: 'Laguna Seca', bestLapMs: 106_870, heldOn: '2026-02-01', sessions: 2 },
        { circuit: 'Thunderhill', bestLapMs: 0, heldOn: null, sessions: 1 },
      ],
    });
  });
});

describe("the server's answer on the device", () => {
  it('maps GetVehicle to the local row shapes (empty is null, times are ISO)', () => {
    const res = create(GetVehicleResponseSchema, {
      access: VehicleAccess.ADMIN,
      vehicle: { id: 'v', name: 'Red 911', isPublic: true, userId: 'o', category: 1, createdAt: 1_700_000_000_000n },
      info: { id: 'i', make: 'Porsche', year: 0, customerName: 'Jordan' },
      owner: { id: 'o', displayName: 'Demo Owner', email: 'owner@tagbook.test' },
      tags: ['DEMOTAG00001'],
      trackSessions: [{ id: 't', heldOn: '2026-05-17', circuit: 'Laguna Seca', tirePressureFront: 2.1 }],
      serviceRequests: [{ id: 's', description: 'Brakes', createdAt: 1_700_000_000_000n, workMs: 60_000n }],
    });
    const snapshot = snapshotFromResponse(res, new Date('2026-01-01T00:00:00Z'));
    expect(snapshot.access).toBe('admin');
    expect(snapshot.vehicle).toMatchObject({ name: 'Red 911', is_public: 1, description: null, created_at: '2023-11-14T22:13:20.000Z', updated_at: null });
    expect(snapshot.info).toMatchObject({ make: 'Porsche', year: null, vin: null, customer_name: 'Jordan', vehicle_id: 'v' });
    expect(snapshot.trackSessions[0]).toMatchObject({ tire_pressure_front: 2.1, tire_pressure_rear: null, laps: null, best_lap_ms: null });
    expect(snapshot.services[0]).toMatchObject({ work_ms: 60_000, completed_at: null });
    expect(snapshot.owner?.email).toBe('owner@tagbook.test');
  });

  it('lets what the device holds win, row by row, and keeps what only the server said', () => {
    const server = [note('a', 'old text', '2026-01-01T00:00:00.000Z'), note('b', 'only on the server', '2026-01-02T00:00:00.000Z')];
    const local = [note('a', 'edited here', '2026-01-01T00:00:00.000Z'), note('c', 'written here', '2026-01-03T00:00:00.000Z')];
    const merged = newestFirst(overlay(server, local), (n) => n.created_at);
    expect(merged.map((n) => [n.id, n.body])).toEqual([
      ['c', 'written here'],
      ['b', 'only on the server'],
      ['a', 'edited here'],
    ]);
  });
});
