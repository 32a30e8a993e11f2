import { describe, expect, it } from 'vitest';
import { qrImageSpec, qrPath, qrViewBox } from '../../src/domain/qrImage.js';

const SITE = 'https://tagbook.example';

describe('qrImageSpec (tag code lengths)', () => {
  it('uses quartile error correction for 6-character hashes and medium otherwise', () => {
    expect(qrImageSpec(SITE, 'AbC123')).toEqual({ text: `${SITE}/AbC123`, errorCorrection: 'Q' });
    expect(qrImageSpec(SITE, 'AbCdEf123456')).toEqual({ text: `${SITE}/AbCdEf123456`, errorCorrection: 'M' });
    expect(qrImageSpec(SITE, 'DEMOTAG00001').errorCorrection).toBe('M');
    expect(qrImageSpec(SITE, 'ABCDEFGH').errorCorrection).toBe('M');
  });

  it('prints 10-character hashes under the other domain prefix when there is one', () => {
    expect(qrImageSpec(SITE, 'ABCDE12345', 'https://tgb.example').text).toBe('https://tgb.example/ABCDE12345');
    expect(qrImageSpec(SITE, 'ABCDE12345').text).toBe(`${SITE}/ABCDE12345`);
    expect(qrImageSpec(SITE, 'ABCDE123456', 'https://tgb.example').text).toBe(`${SITE}/ABCDE123456`);
    expect(qrImageSpec(`${SITE}/`, 'ABCDE12345').text).toBe(`${SITE}/ABCDE12345`);
  });

  it("refuses with SPEC's words", () => {
    expect(() => qrImageSpec('', 'DEMOTAG00001')).toThrow('Missing url');
    expect(() => qrImageSpec('  ', 'DEMOTAG00001')).toThrow('Missing url');
    for (const hash of ['', 'ABC12', 'A'.repeat(17), 'has-dash1', 'DEMO TAG1']) {
      expect(() => qrImageSpec(SITE, hash)).toThrow('Invalid hash');
    }
  });
});

describe('qrViewBox and qrPath', () => {
  it('frames the modules with the quiet zone, and refuses an impossible box', () => {
    expect(qrViewBox(21)).toBe('0 0 29 29');
    expect(qrViewBox(21, 0)).toBe('0 0 21 21');
    for (const [modules, quiet] of [[0, 4], [-1, 4], [2.5, 4], [21, -1], [Number.NaN, 4]] as const) {
      expect(() => qrViewBox(modules, quiet)).toThrow('Invalid SVG viewBox');
    }
  });

  it('draws each run of dark modules in a row as one rectangle', () => {
    const dark = new Set(['0,0', '0,1', '0,3', '1,2']);
    expect(qrPath(4, (r, c) => dark.has(`${r},${c}`), 1)).toBe('M1 1h2v1h-2zM4 1h1v1h-1zM3 2h1v1h-1z');
  });
});
