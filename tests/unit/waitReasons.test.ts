import { describe, expect, it } from 'vitest';
import { waitReason } from '../../src/app/feedback/waitReasons.js';

const base = { database: 'ready', sync: 'idle', progressPercent: null, online: true } as const;

describe('what a lasting loading state says it waits for', () => {
  it('the first missing link from the device to the server', () => {
    expect(waitReason({ ...base, database: 'opening', online: false })).toContain("Opening this device's database");
    expect(waitReason({ ...base, online: false, sync: 'disconnected' })).toContain('No network');
    expect(waitReason({ ...base, sync: 'connecting' })).toBe('Connecting to the server…');
    expect(waitReason({ ...base, sync: 'unreachable' })).toContain('not answering');
    expect(waitReason({ ...base, sync: 'initial-sync', progressPercent: 40 })).toBe('Getting data from the server… 40%');
    expect(waitReason({ ...base, sync: 'syncing' })).toBe('Getting data from the server…');
    expect(waitReason({ ...base, database: 'failed' })).toContain('could not open');
  });

  it('nothing when nothing known holds the page up', () => {
    expect(waitReason(base)).toBeNull();
    expect(waitReason({ ...base, sync: 'synced' })).toBeNull();
  });
});
