// @vitest-environment node
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPiece, compressPieceSync, GzipFrames } from '../../server/sync/serve/gzip-frames.js';

const line = (i: number) => `${JSON.stringify({ data: { bucket: 'public[]', data: [{ op_id: String(i), op: 'PUT', object_id: `v${i}`, data: `{"name":"Väter ${i} 🚗"}` }] } })}\n`;

describe('gzip bodies from independently compressed pieces', () => {
  it('decodes to the pieces in order, with a valid CRC and length, whatever mix of sizes', async () => {
    const frames = new GzipFrames();
    const pieces = [line(1), Array.from({ length: 2000 }, (_, i) => line(i)).join(''), line(2), line(2)];
    const parts: Buffer[] = [];
    for (const piece of pieces) parts.push(frames.piece(piece, piece.length > 1000 ? await compressPiece(piece) : compressPieceSync(piece)));
    parts.push(frames.end());
    expect(zlib.gunzipSync(Buffer.concat(parts)).toString('utf8')).toBe(pieces.join(''));
  });

  it('lets a streaming decoder read every piece as soon as it arrives, before the body ends', async () => {
    const frames = new GzipFrames();
    const gunzip = zlib.createGunzip();
    let decoded = '';
    gunzip.on('data', (chunk: Buffer) => (decoded += chunk.toString('utf8')));
    for (const i of [1, 2, 3]) {
      gunzip.write(frames.piece(line(i), compressPieceSync(line(i))));
      await expect.poll(() => decoded).toBe([1, 2, 3].slice(0, i).map(line).join(''));
    }
  });

  it('ends an empty body as a valid empty gzip', () => {
    expect(zlib.gunzipSync(new GzipFrames().end()).length).toBe(0);
  });

  it('compresses a repeated small piece once', () => {
    const piece = line(42);
    expect(compressPieceSync(piece)).toBe(compressPieceSync(piece));
  });
});
