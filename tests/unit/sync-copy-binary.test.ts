// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CopyBinary } from '../../server/sync/replicate/copy-binary.js';

type Field = Buffer | null;

/** Reads a block back by the format's rules, independently of the encoder: header, rows of fields, trailer. */
function decode(block: Buffer): Field[][] {
  expect(block.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
  expect(block.readUInt32BE(11)).toBe(0);
  expect(block.readUInt32BE(15)).toBe(0);
  const rows: Field[][] = [];
  let at = 19;
  for (;;) {
    const fields = block.readInt16BE(at);
    at += 2;
    if (fields === -1) break;
    const row: Field[] = [];
    for (let i = 0; i < fields; i++) {
      const length = block.readInt32BE(at);
      at += 4;
      row.push(length === -1 ? null : block.subarray(at, at + length));
      if (length > 0) at += length;
    }
    rows.push(row);
  }
  expect(at).toBe(block.length);
  return rows;
}

describe('COPY binary', () => {
  it('writes text as its UTF-8 bytes, unescaped, whatever it holds', () => {
    const awkward = 'tab\there\nnew\rline \\N back\\slash "quoted" Zoë 🚗';
    const [[text, empty, none]] = decode(new CopyBinary().row(3).text(awkward).text('').null().toBuffer()) as [Field[]];
    expect(text!.toString('utf8')).toBe(awkward);
    expect(empty!.length).toBe(0);
    expect(none).toBeNull();
  });

  it('writes text given as UTF-8 bytes exactly as the same text given as a string', () => {
    const awkward = 'Zoë 🚗 "quoted" back\\slash';
    const block = new CopyBinary().row(2).text(awkward).utf8(Buffer.from(awkward, 'utf8')).toBuffer();
    const [[text, bytes]] = decode(block) as [Field[]];
    expect(bytes).toEqual(text);
    expect(bytes!.toString('utf8')).toBe(awkward);
  });

  it('writes bigints as 8 bytes, big-endian, for every safe integer', () => {
    const values = [0, 1, 4294967295, 4294967296, Number.MAX_SAFE_INTEGER, -1, -4294967296, Number.MIN_SAFE_INTEGER];
    const copy = new CopyBinary();
    for (const value of values) copy.row(1).int8(value);
    const read = decode(copy.toBuffer()).map(([field]) => {
      expect(field!.length).toBe(8);
      return Number(field!.readBigInt64BE(0));
    });
    expect(read).toEqual(values);
  });

  it('writes jsonb as version 1 and the JSON text', () => {
    const json = JSON.stringify([['by_vehicle["v1"]', 'vehicles', 'v1']]);
    const [[field]] = decode(new CopyBinary().row(1).jsonb(json).toBuffer()) as [Field[]];
    expect(field![0]).toBe(1);
    expect(field!.subarray(1).toString('utf8')).toBe(json);
  });

  it('grows past its first buffer without losing a byte, and counts its rows', () => {
    const copy = new CopyBinary(1);
    const long = 'é'.repeat(5000);
    for (let i = 0; i < 50; i++) copy.row(2).int8(i).text(`${i}${long}`);
    expect(copy.rows).toBe(50);
    const rows = decode(copy.toBuffer());
    expect(rows.map(([id, text]) => [Number(id!.readBigInt64BE(0)), text!.toString('utf8')])).toEqual(
      Array.from({ length: 50 }, (_, i) => [i, `${i}${long}`]),
    );
  });

  it('writes an empty block as header and trailer only', () => {
    expect(decode(new CopyBinary().toBuffer())).toEqual([]);
  });
});
