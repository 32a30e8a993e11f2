import { describe, expect, it } from 'vitest';
import { BadStreamRequest, parseStreamRequest } from '../../server/sync/serve/stream-request.js';

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

  it('defaults what is missing', () => {
    expect(parseStreamRequest({ buckets: [{ name: 'a', after: '0' }, { name: 'b', after: 7 }] })).toEqual({
      buckets: [{ name: 'a', after: 0 }, { name: 'b', after: 7 }],
      clientId: '',
      parameters: {},
      includeDefaults: true,
      subscriptions: [],
    });
  });

  it.each<[string, unknown]>([
    ['an unknown top-level field', { buckets: [], extra: 1 }],
    ['a __proto__ key', JSON.parse('{"buckets":[],"__proto__":{"polluted":true}}')],
    ['a __proto__ key in parameters', JSON.parse('{"parameters":{"__proto__":{"x":1}}}')],
    ['an unreadable position', { buckets: [{ name: 'a', after: 'x' }] }],
    ['a negative position', { buckets: [{ name: 'a', after: -1 }] }],
    ['an unknown field in a bucket', { buckets: [{ name: 'a', after: '1', evil: true }] }],
    ['too many buckets', { buckets: Array.from({ length: 10_001 }, (_, i) => ({ name: `b${i}`, after: '0' })) }],
    ['a bucket name with a NUL', { buckets: [{ name: 'a\u0000b', after: '1' }] }],
    ['an overlong bucket name', { buckets: [{ name: 'x'.repeat(513), after: '1' }] }],
    ['a client id with a NUL', { client_id: 'a\u0000b' }],
    ['an overlong client id', { client_id: 'x'.repeat(201) }],
    ['a client id that is not text', { client_id: 42 }],
    ['a flag that is not a boolean', { raw_data: 'yes' }],
    ['parameters that are not an object', { parameters: [1, 2] }],
    ['too many parameters', { parameters: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i])) }],
    ['parameters nested too deeply', { parameters: { a: { b: { c: { d: { e: { f: 1 } } } } } } }],
    ['a malformed subscription', { streams: { subscriptions: [42] } }],
    ['a subscription with a bad priority', { streams: { subscriptions: [{ stream: 's', override_priority: 9 }] } }],
    ['an unknown streams field', { streams: { everything: true } }],
  ])('refuses %s', (_what, body) => {
    expect(() => parseStreamRequest(body)).toThrow(BadStreamRequest);
  });

  it('refuses bodies that are not objects or buckets without names', () => {
    expect(() => parseStreamRequest([])).toThrow(BadStreamRequest);
    expect(() => parseStreamRequest({ buckets: [{ after: '1' }] })).toThrow(BadStreamRequest);
    expect(() => parseStreamRequest({ buckets: 'all' })).toThrow(BadStreamRequest);
  });
});
