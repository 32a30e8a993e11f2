// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cleanFilename, combinedHash, FILENAME_MAX, formKey, IMAGE_TYPES, isImageType, mayAttach, mayRemoveFile, metadataHash, parseFormKey, sniffType,
} from '../../src/domain/files.js';
import { Md5, md5OfText } from '../../src/domain/md5.js';

describe('MD5', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(['', 'a', 'abc', 'message digest', 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', '1234567890'.repeat(8)].map(md5OfText)).toEqual([
      'd41d8cd98f00b204e9800998ecf8427e', '0cc175b9c0f1b6a831c399e269772661', '900150983cd24fb0d6963f7d28e17f72',
      'f96b697d7cb7938d525a2f31aaf161d0', 'c3fcd3d76192e4007dfb496cca67e13b', 'd174ab98d277d9f5a5611c2c9f419d9f',
      '57edf4a22be3c955ac49da2e2107b67a',
    ]);
  });

  it('hashes text as UTF-8', () => {
    for (const text of ['Ünïcødé', '日本語', 'emoji 🚗', 'plain']) expect(md5OfText(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
  });

  it('gives the same digest whatever the slice sizes, across block and padding boundaries', () => {
    const data = new Uint8Array(5000).map((_, i) => (i * 7 + 3) & 255);
    for (const length of [0, 55, 56, 63, 64, 65, 119, 120, 128, 5000]) {
      const part = data.subarray(0, length);
      const want = createHash('md5').update(part).digest('hex');
      for (const step of [1, 7, 64, 1000]) {
        const md5 = new Md5();
        for (let at = 0; at < part.length; at += step) md5.update(part.subarray(at, at + step));
        expect(md5.hex(), `${length}/${step}`).toBe(want);
      }
    }
  });
});

describe('file rules', () => {
  it('lists as images exactly the accepted types isImageType calls images', () => {
    expect(IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    for (const type of IMAGE_TYPES) expect(isImageType(type)).toBe(true);
    expect(isImageType('application/pdf')).toBe(false);
  });

  it('digests: metadata in a fixed order, combined over both', () => {
    const meta = { type: 'image/jpeg', size: 10, lastModified: 5, filename: 'a.jpg' };
    expect(metadataHash(meta)).toBe(md5OfText('["image/jpeg",10,5,"a.jpg"]'));
    expect(metadataHash({ ...meta, filename: 'b.jpg' })).not.toBe(metadataHash(meta));
    expect(combinedHash('a'.repeat(32), 'b'.repeat(32))).toBe(md5OfText(`${'a'.repeat(32)}:${'b'.repeat(32)}`));
  });

  it('knows the accepted types by their first bytes', () => {
    const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16).fill(0)]);
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffType(new TextEncoder().encode('<html><script>'))).toBeNull();
    expect(sniffType(new TextEncoder().encode('GIF89a......'))).toBeNull();
  });

  it('filenames lose paths and control characters and keep their extension when cut', () => {
    expect(cleanFilename('C:\\Users\\me\\IMG_1.jpg')).toBe('IMG_1.jpg');
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('a\u0000b\nc.png')).toBe('abc.png');
    expect(cleanFilename('')).toBe('file');
    const long = cleanFilename(`${'x'.repeat(300)}.jpeg`);
    expect([long.length, long.endsWith('.jpeg')]).toEqual([FILENAME_MAX, true]);
  });

  it('form keys name a vehicle, a note or a service request by id, and nothing else', () => {
    const id = 'abcdefghijklmnopqrstuv';
    expect(parseFormKey(formKey({ kind: 'note', id }))).toEqual({ kind: 'note', id });
    for (const bad of ['', 'vehicle', `vehicle/${id}/x`, `user/${id}`, 'vehicle/short', `/${id}`]) expect(parseFormKey(bad), bad).toBeNull();
  });
});

describe('rights over attached files', () => {
  const nobody = { isAdmin: false, ownsVehicle: false, staffOfRequest: false };

  it("follow where someone stands towards the thing now: admins, the vehicle's owner, the request's current staff", () => {
    expect(mayAttach({ ...nobody, isAdmin: true })).toBe(true);
    expect(mayAttach({ ...nobody, ownsVehicle: true })).toBe(true);
    expect(mayAttach({ ...nobody, staffOfRequest: true })).toBe(true);
    expect(mayAttach(nobody)).toBe(false);
  });

  it("let the owner and admins remove any file, the request's staff those they added", () => {
    expect(mayRemoveFile({ ...nobody, isAdmin: true }, false)).toBe(true);
    expect(mayRemoveFile({ ...nobody, ownsVehicle: true }, false)).toBe(true);
    expect(mayRemoveFile({ ...nobody, staffOfRequest: true }, true)).toBe(true);
    expect(mayRemoveFile({ ...nobody, staffOfRequest: true }, false)).toBe(false);
  });

  it('give whoever added a file nothing once the vehicle is sold or the job has ended', () => {
    expect(mayRemoveFile(nobody, true)).toBe(false);
  });
});
