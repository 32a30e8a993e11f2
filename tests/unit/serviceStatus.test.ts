import { describe, expect, it } from 'vitest';
import {
  canMove,
  INITIAL_STATUSES,
  isOpen,
  isRequestStatus,
  nextStatuses,
  REQUEST_STATUS,
  statusColumns,
  statusOf,
  STATUS_LABELS,
  type RequestStatus,
} from '../../src/domain/serviceStatus.js';

const { REQUESTED, SCHEDULED, STARTED, COMPLETED, CANCELLED } = REQUEST_STATUS;
const ALL: RequestStatus[] = [REQUESTED, SCHEDULED, STARTED, COMPLETED, CANCELLED];

// Every pair of statuses: the lifecycle as a table (✓ allowed, · refused), rows are "from".
const TABLE: Record<RequestStatus, string> = {
  //              REQ SCH STA COM CAN
  [REQUESTED]: '  ✓   ✓   ✓   ·   ✓',
  [SCHEDULED]: '  ✓   ✓   ✓   ·   ✓',
  [STARTED]: '    ·   ✓   ✓   ✓   ✓',
  [COMPLETED]: '  ·   ·   ✓   ✓   ·',
  [CANCELLED]: '  ✓   ·   ·   ·   ✓',
};

describe('service request status', () => {
  it.each(ALL.flatMap((from) => ALL.map((to) => [from, to] as const)))('%i → %i follows the lifecycle table', (from, to) => {
    const allowed = TABLE[from].trim().split(/\s+/)[ALL.indexOf(to)] === '✓';
    expect(canMove(from, to)).toBe(allowed);
    expect(nextStatuses(from).includes(to)).toBe(allowed && from !== to);
  });

  it('reaches completion only through STARTED, and every status can be left', () => {
    expect(ALL.filter((from) => from !== STARTED && from !== COMPLETED && canMove(from, COMPLETED))).toEqual([]);
    for (const status of ALL) expect(nextStatuses(status).length).toBeGreaterThan(0);
  });

  it('opens new requests as requested, scheduled or started only', () => {
    expect(INITIAL_STATUSES).toEqual([REQUESTED, SCHEDULED, STARTED]);
  });

  it('knows its codes and labels', () => {
    expect(ALL.map((s) => STATUS_LABELS[s])).toEqual(['Requested', 'Scheduled', 'Started', 'Completed', 'Cancelled']);
    expect(isRequestStatus(3)).toBe(true);
    expect(isRequestStatus(0)).toBe(false);
    expect(isRequestStatus('3')).toBe(false);
    expect(ALL.filter(isOpen)).toEqual([REQUESTED, SCHEDULED, STARTED]);
  });

  it('reads rows without a status from has_started', () => {
    expect(statusOf({ vehicle_service_status_id: null, has_started: 1 })).toBe(STARTED);
    expect(statusOf({ vehicle_service_status_id: null, has_started: true })).toBe(STARTED);
    expect(statusOf({ vehicle_service_status_id: null, has_started: 0 })).toBe(REQUESTED);
    expect(statusOf({ vehicle_service_status_id: 99 })).toBe(REQUESTED);
    expect(statusOf({ vehicle_service_status_id: CANCELLED, has_started: 1 })).toBe(CANCELLED);
  });

  it('sets completed_at exactly while completed, and keeps has_started once true', () => {
    const now = '2026-03-02T10:00:00.000Z';
    const device = '2026-03-02T09:58:00.000Z';
    expect(statusColumns(COMPLETED, device, true, now)).toEqual({ completed_at: device, has_started: true });
    expect(statusColumns(COMPLETED, null, true, now)).toEqual({ completed_at: now, has_started: true });
    expect(statusColumns(STARTED, device, false, now)).toEqual({ completed_at: null, has_started: true });
    expect(statusColumns(SCHEDULED, null, true, now)).toEqual({ completed_at: null, has_started: true });
    expect(statusColumns(REQUESTED, null, false, now)).toEqual({ completed_at: null, has_started: false });
  });
});
