import { create, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { entryBytes, RPC_REQUEST_MAX_BYTES, UPLOAD_ENTRY_MAX_BYTES, UPLOAD_PART_TARGET_BYTES, utf8Length } from '../../src/domain/transactionLimits.js';
import { planRequests } from '../../src/data/uploadParts.js';
import { toWireEntry, type WireEntry } from '../../src/data/uploadEntries.js';
import { UploadDataRequestSchema } from '../../src/gen/tagbook/v1/sync_pb.js';

const note = (i: number, chars: number): WireEntry =>
  toWireEntry({ clientId: i + 1, id: `note${String(i).padStart(18, '0')}`, op: 'PUT', table: 'vehicle_notes', opData: { body: 'n'.repeat(chars) }, transactionId: 7 });
const notes = (count: number, chars: number) => Array.from({ length: count }, (_, i) => note(i, chars));
const encodedSize = (crud: WireEntry[], part?: object) =>
  toBinary(UploadDataRequestSchema, create(UploadDataRequestSchema, { clientId: 'c'.repeat(100), transactionId: 2n ** 62n, crud, part })).length;

describe('utf8Length and entryBytes', () => {
  it.each(['plain', 'é accents', '€ three bytes', '🚗 four bytes', 'lone \ud83d surrogate', '\udc00 lone low'])('count %s as an encoder does', (text) => {
    expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
  });

  it('is never less than an entry costs in a request', () => {
    for (const entry of [note(0, 0), note(1, 5000), { ...note(2, 10), previousValues: '{"a":"🚗"}', metadata: 'm' }]) {
      expect(entryBytes(entry)).toBeGreaterThanOrEqual(encodedSize([entry]) - encodedSize([]));
    }
  });
});

describe('planRequests', () => {
  it('sends a transaction that fits one part as one request without part numbers, as before', () => {
    const entries = notes(500, 100);
    expect(planRequests(entries)).toEqual([{ crud: entries, holdsOversized: false }]);
  });

  it('cuts a 5 MB transaction into parts of at most the target, in order, each within the request limit', () => {
    const entries = notes(520, 9_900);
    const requests = planRequests(entries);
    expect(requests.length).toBe(Math.ceil((520 * entryBytes(entries[0]!)) / UPLOAD_PART_TARGET_BYTES));
    expect(requests.flatMap((r) => r.crud)).toEqual(entries);
    let first = 0;
    for (const [index, r] of requests.entries()) {
      expect(r.part).toMatchObject({ index, count: requests.length, firstEntry: first, totalEntries: 520 });
      expect(r.crud.reduce((n, e) => n + entryBytes(e), 0)).toBeLessThanOrEqual(UPLOAD_PART_TARGET_BYTES);
      expect(encodedSize(r.crud, r.part)).toBeLessThanOrEqual(RPC_REQUEST_MAX_BYTES);
      first += r.crud.length;
    }
    expect(requests[0]!.part!.totalBytes).toBe(BigInt(entries.reduce((n, e) => n + entryBytes(e), 0)));
  });

  it('cuts thousands of small entries by size, not by count', () => {
    const requests = planRequests(notes(5000, 300));
    expect(requests.length).toBe(2);
    expect(requests.map((r) => r.crud.length).reduce((a, b) => a + b)).toBe(5000);
  });

  it('gives an entry larger than the target a part of its own, and one too large for any request travels without its data', () => {
    const big = note(1, 3_000_000);
    const huge = note(2, UPLOAD_ENTRY_MAX_BYTES);
    const requests = planRequests([note(0, 10), big, huge, note(3, 10)]);
    expect(requests.map((r) => r.crud.map((e) => e.clientId))).toEqual([[1n], [2n], [3n, 4n]]);
    const sent = requests[2]!.crud[0]!;
    expect(sent).toMatchObject({ opData: '', omittedBytes: BigInt(entryBytes(huge)) });
    expect(requests.map((r) => r.holdsOversized)).toEqual([false, false, true]);
    for (const r of requests) expect(encodedSize(r.crud, r.part)).toBeLessThanOrEqual(RPC_REQUEST_MAX_BYTES);
    // The declared total counts what was left out, so the server can tell the whole transaction's size.
    expect(requests[0]!.part!.totalBytes).toBe(BigInt(entryBytes(note(0, 10)) * 2 + entryBytes(big) + entryBytes(sent)) + sent.omittedBytes!);
  });

  it('sends a lone entry too large for any request as one request saying so', () => {
    const [request] = planRequests([note(0, UPLOAD_ENTRY_MAX_BYTES)]);
    expect(request).toMatchObject({ holdsOversized: true, crud: [{ opData: '' }] });
    expect(request!.part).toBeUndefined();
  });
});
