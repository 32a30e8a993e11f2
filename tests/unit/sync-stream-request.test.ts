import { describe, expect, it } from 'vitest';
import { BadStreamRequest, parseStreamRequest } from '../../server/sync/stream-request.js';

describe('the sync stream request body', () => {
  it('reads what the Rust client sends', () => {
    const request = parseStreamRequest({
      buckets: [{ name: 'by_user["u1"]', after: '6' }],
      include_checksum: true,
      raw_data: true,
      binary_data: true,
      client_id: '8b74ef96-0000',
      parameters: { foo: 'bar' },
      streams: { include_defaults: true, subscriptions: [{ stream: 'list_todos', parameters: { list_id: 'L1' }, override_priority: 1 }] },
      app_metadata: { app_version: '1.0' },
    });
    expect(request).toEqual({
      buckets: [{ name: 'by_user["u1"]', after: 6 }],
      clientId: '8b74ef96-0000',
      parameters: { foo: 'bar' },
      includeDefaults: true,
      subscriptions: [{ stream: 'list_todos', parameters: { list_id: 'L1' }, priorityOverride: 1 }],
    });
  });

  it('defaults what is missing and restarts unreadable positions from zero', () => {
    expect(parseStreamRequest({ buckets: [{ name: 'a', after: 'x' }, { name: 'b', after: 7 }] })).toEqual({
      buckets: [{ name: 'a', after: 0 }, { name: 'b', after: 7 }],
      clientId: '',
      parameters: {},
      includeDefaults: true,
      subscriptions: [],
    });
  });

  it('keeps malformed subscriptions in place so indexes stay the ids the client knows', () => {
    const request = parseStreamRequest({ streams: { subscriptions: [42, { stream: 's', override_priority: 9 }] } });
    expect(request.subscriptions).toEqual([
      { stream: '', parameters: null, priorityOverride: null },
      { stream: 's', parameters: null, priorityOverride: null },
    ]);
  });

  it('refuses bodies that are not objects or buckets without names', () => {
    expect(() => parseStreamRequest([])).toThrow(BadStreamRequest);
    expect(() => parseStreamRequest({ buckets: [{ after: '1' }] })).toThrow(BadStreamRequest);
    expect(() => parseStreamRequest({ buckets: 'all' })).toThrow(BadStreamRequest);
  });
});
