import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { PartProgress, PartsNotKept, uploadTransaction, type SendUpload } from '../../src/data/transactionUpload.js';
import { toWireEntry } from '../../src/data/uploadEntries.js';
import { planRequests } from '../../src/data/uploadParts.js';
import { UploadDataResponseSchema } from '../../src/gen/tagbook/v1/sync_pb.js';
import { UPLOAD_ENTRY_MAX_BYTES } from '../../src/domain/transactionLimits.js';

const note = (i: number, chars: number) =>
  toWireEntry({ clientId: i + 1, id: `note${String(i).padStart(18, '0')}`, op: 'PUT', table: 'vehicle_notes', opData: { body: 'n'.repeat(chars) } });
/** Four parts of about 1 MiB. */
const large = Array.from({ length: 400 }, (_, i) => note(i, 9_000));

/** A server that keeps parts as the real one does, and can be told to forget or to fail. */
function fakeServer() {
  const kept = new Set<number>();
  const calls: (number | 'whole')[] = [];
  let failAt: number | null = null;
  let forget: number | null = null;
  const send: SendUpload = async (request) => {
    const part = request.part;
    if (!part) {
      calls.push('whole');
      return create(UploadDataResponseSchema, {});
    }
    calls.push(part.index!);
    if (failAt === part.index) {
      failAt = null;
      throw new Error('Network error: connection lost');
    }
    kept.add(part.index!);
    if (forget !== null) kept.delete(forget);
    const missing = [...Array(part.count).keys()].filter((i) => !kept.has(i));
    return create(UploadDataResponseSchema, { missingParts: missing });
  };
  return {
    send,
    calls,
    failOnce: (i: number) => (failAt = i),
    keepForgetting: (i: number) => (forget = i),
    sweep: (i: number) => kept.delete(i),
  };
}

describe('uploadTransaction', () => {
  it('sends a small transaction as one request', async () => {
    const server = fakeServer();
    await uploadTransaction(server.send, 'c', 1n, [note(0, 10)]);
    expect(server.calls).toEqual(['whole']);
  });

  it('sends a large one part by part, once each', async () => {
    const server = fakeServer();
    const settled = await uploadTransaction(server.send, 'c', 1n, large);
    expect(settled.errors).toEqual([]);
    expect(server.calls).toEqual([0, 1, 2, 3]);
  });

  it('resumes after a lost connection at the first part the server still needs', async () => {
    const server = fakeServer();
    const progress = new PartProgress();
    server.failOnce(2);
    await expect(uploadTransaction(server.send, 'c', 1n, large, progress)).rejects.toThrow('Network error');
    await uploadTransaction(server.send, 'c', 1n, large, progress);
    expect(server.calls).toEqual([0, 1, 2, 2, 3]);
  });

  it('sends again a part the server no longer holds (swept while the device was away)', async () => {
    const server = fakeServer();
    const progress = new PartProgress();
    server.failOnce(2);
    await expect(uploadTransaction(server.send, 'c', 1n, large, progress)).rejects.toThrow();
    server.sweep(0);
    server.sweep(1);
    await uploadTransaction(server.send, 'c', 1n, large, progress);
    expect(server.calls).toEqual([0, 1, 2, 2, 0, 1, 3]);
  });

  it("starts from the first part for another transaction than the one it remembers", async () => {
    const server = fakeServer();
    const progress = new PartProgress();
    progress.remember('c/9', [3]);
    await uploadTransaction(server.send, 'c', 1n, large, progress);
    expect(server.calls[0]).toBe(0);
  });

  it('gives up (to be retried later) when the server keeps losing what it was sent, instead of looping', async () => {
    const server = fakeServer();
    server.keepForgetting(1);
    await expect(uploadTransaction(server.send, 'c', 1n, large)).rejects.toBeInstanceOf(PartsNotKept);
    expect(server.calls.length).toBeLessThanOrEqual(2 * 4 + 1);
  });

  it('sends the part holding a change too large for any request first, which the server refuses outright', async () => {
    const entries = [...large, note(999, UPLOAD_ENTRY_MAX_BYTES)];
    const calls: number[] = [];
    const refused = create(UploadDataResponseSchema, { errors: [{ index: 400, code: 'too_large', message: 'too large' }] });
    const settled = await uploadTransaction(async (r) => (calls.push(r.part!.index!), refused), 'c', 1n, entries);
    expect(settled.errors).toHaveLength(1);
    const holding = planRequests(entries).findIndex((r) => r.holdsOversized);
    expect(holding).toBeGreaterThan(0);
    expect(calls).toEqual([holding]);
  });
});
