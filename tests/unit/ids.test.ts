import { describe, expect, it } from 'vitest';
import {
  ID_PATTERN,
  TAG_HASH_DEFAULT_LENGTH,
  TAG_HASH_MAX,
  TAG_HASH_MIN,
  TAG_HASH_PATTERN,
  isId,
  isTagHash,
  newId,
  newTagHash,
  TAG_CODE_ALPHABET,
  tagCodeKey,
  typedTagCode,
} from '../../src/domain/ids.js';

const SAMPLES = 2000;

describe('newId', () => {
  it('is always 22 url-safe characters', () => {
    for (let i = 0; i < SAMPLES; i++) {
      const id = newId();
      expect(id).toHaveLength(22);
      expect(id).toMatch(ID_PATTERN);
      expect(isId(id)).toBe(true);
    }
  });

  it('ends in one of the 4 characters that 2 remaining bits can give', () => {
    for (let i = 0; i < SAMPLES; i++) expect('AQgw').toContain(newId().at(-1));
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: SAMPLES }, () => newId()));
    expect(ids.size).toBe(SAMPLES);
  });

  it('uses the whole url-safe alphabet, - and _ included', () => {
    const seen = new Set<string>();
    for (let i = 0; i < SAMPLES; i++) for (const c of newId().slice(0, 21)) seen.add(c);
    expect(seen.size).toBe(64);
  });
});

describe('newTagHash', () => {
  it('defaults to 12 characters', () => {
    expect(TAG_HASH_DEFAULT_LENGTH).toBe(12);
    for (let i = 0; i < SAMPLES; i++) {
      const hash = newTagHash();
      expect(hash).toHaveLength(12);
      expect(hash).toMatch(TAG_HASH_PATTERN);
      expect(isTagHash(hash)).toBe(true);
    }
  });

  it('honours every length from 8 to 16', () => {
    for (let length = TAG_HASH_MIN; length <= TAG_HASH_MAX; length++) {
      for (let i = 0; i < 100; i++) {
        const hash = newTagHash(length);
        expect(hash).toHaveLength(length);
        expect(isTagHash(hash)).toBe(true);
      }
    }
  });

  it('uses every letter of the readable alphabet and nothing else: digits and capitals, no I, L, O or U', () => {
    const seen = new Set<string>();
    for (let i = 0; i < SAMPLES; i++) for (const c of newTagHash()) seen.add(c);
    expect([...seen].sort().join('')).toBe(TAG_CODE_ALPHABET);
    expect(TAG_CODE_ALPHABET).toHaveLength(32);
    expect(TAG_CODE_ALPHABET).not.toMatch(/[ILOUa-z]/);
  });

  it.each([0, 1, 6, 7, 17, 32, -8, 12.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects length %s', (length) => {
    expect(() => newTagHash(length)).toThrow(RangeError);
  });
});

describe('isTagHash', () => {
  it('accepts 8 to 16 letters or digits', () => {
    expect(isTagHash('abcdefgh')).toBe(true);
    expect(isTagHash('ABCDEFGH')).toBe(true);
    expect(isTagHash('12345678')).toBe(true);
    expect(isTagHash('a1B2c3D4e5F6g7H8')).toBe(true);
  });

  it('rejects 7 and 17 characters', () => {
    expect(isTagHash('abcdefg')).toBe(false);
    expect(isTagHash('a1B2c3D4e5F6g7H8i')).toBe(false);
    expect(isTagHash('')).toBe(false);
  });

  it('rejects other characters, including id characters and surrounding whitespace', () => {
    for (const value of ['abcd-efgh', 'abcd_efgh', 'abcd efgh', ' abcdefgh', 'abcdefgh\n', 'abcdéfgh', 'abcd.efgh']) {
      expect(isTagHash(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('rejects non-strings', () => {
    for (const value of [null, undefined, 12345678, ['abcdefgh'], { toString: () => 'abcdefgh' }]) {
      expect(isTagHash(value)).toBe(false);
    }
  });
});

describe('isId', () => {
  it('accepts 22 letters, digits, - or _', () => {
    expect(isId('AbCdEfGhIjKlMnOpQrSt_-')).toBe(true);
    expect(isId('-'.repeat(22))).toBe(true);
    expect(isId('_'.repeat(22))).toBe(true);
    expect(isId('0'.repeat(22))).toBe(true);
  });

  it('rejects 21 and 23 characters', () => {
    expect(isId('a'.repeat(21))).toBe(false);
    expect(isId('a'.repeat(23))).toBe(false);
    expect(isId('')).toBe(false);
  });

  it('rejects other characters', () => {
    for (const c of ['+', '/', '=', '.', ' ', '~', 'é', '\n']) {
      expect(isId('a'.repeat(21) + c), JSON.stringify(c)).toBe(false);
    }
  });

  it('rejects non-strings', () => {
    for (const value of [null, undefined, 1234567890123456789012, ['a'.repeat(22)]]) {
      expect(isId(value)).toBe(false);
    }
  });
});

describe('reading a code back', () => {
  it('drops the spaces and dashes a person groups a code with', () => {
    expect(typedTagCode(' VFd4 YALl-TyYd ')).toBe('VFd4YALlTyYd');
  });

  it('reads case and look-alikes the same: O as 0, I and L as 1', () => {
    expect(tagCodeKey('VFd4YALlTyYd')).toBe(tagCodeKey('vfd4ya11tyyd'));
    expect(tagCodeKey('o1mUkeeeRbTS')).toBe('01MUKEEERBTS');
    expect(tagCodeKey('ABCD1234')).not.toBe(tagCodeKey('ABCD1235'));
  });
});
