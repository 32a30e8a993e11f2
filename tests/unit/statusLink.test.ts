import { describe, expect, it } from 'vitest';
import { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
import { closedAt, linkExpiresAt, linkWorks } from '../../src/domain/statusLink.js';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-11-28T12:00:00.000Z');
const request = (status: number, over: Partial<{ completed_at: string | null; updated_at: string; deleted: boolean }> = {}) => ({
  vehicle_service_status_id: status, completed_at: null, updated_at: '2026-11-20T12:00:00.000Z', deleted: false, ...over,
});
const link = (days = 14, revoked_at: string | null = null) => ({ days_after_close: days, revoked_at });

describe('a customer status link', () => {
  it('works while its request is open, whatever its age', () => {
    for (const status of [REQUEST_STATUS.REQUESTED, REQUEST_STATUS.SCHEDULED, REQUEST_STATUS.STARTED]) {
      expect(closedAt(request(status))).toBeNull();
      expect(linkWorks(link(1), request(status, { updated_at: '2020-01-01T00:00:00.000Z' }), now)).toBe(true);
    }
  });

  it('ends its days after the request was completed (by completed_at) or cancelled (by its last change)', () => {
    const completed = request(REQUEST_STATUS.COMPLETED, { completed_at: '2026-11-14T12:00:00.000Z' });
    expect(linkExpiresAt(link(14), completed)).toBe(Date.parse('2026-11-28T12:00:00.000Z'));
    expect(linkWorks(link(14), completed, now - 1)).toBe(true);
    expect(linkWorks(link(14), completed, now)).toBe(false);
    expect(linkWorks(link(30), completed, now)).toBe(true);
    const cancelled = request(REQUEST_STATUS.CANCELLED, { updated_at: '2026-11-21T12:00:00.000Z' });
    expect(linkExpiresAt(link(7), cancelled)).toBe(Date.parse('2026-11-21T12:00:00.000Z') + 7 * DAY);
    expect(linkWorks(link(7), cancelled, now)).toBe(false);
  });

  it('ends at once when revoked or its request deleted', () => {
    expect(linkWorks(link(14, '2026-11-28T11:00:00.000Z'), request(REQUEST_STATUS.STARTED), now)).toBe(false);
    expect(linkWorks(link(14), request(REQUEST_STATUS.STARTED, { deleted: true }), now)).toBe(false);
  });
});
