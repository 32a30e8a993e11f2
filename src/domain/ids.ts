import { randomBytes } from './random.js';

/** Vehicle ids (and every other entity id we generate) in URLs: 22 url-safe characters. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A tag hash in a route: 8 to 16 letters or digits. */
export const TAG_HASH_PATTERN = /^[A-Za-z0-9]{8,16}$/;
export const TAG_HASH_MIN = 8;
export const TAG_HASH_MAX = 16;
/** Generated tag hashes have the medium QR image length: inside the route limits by construction. */
export const TAG_HASH_DEFAULT_LENGTH = 12;
/** The most tags an admin creates in one batch: a few label sheets, and a bounded write for the server. */
export const TAG_BATCH_MAX = 200;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/**
 * The letters of new tag codes: digits and capitals without I, L, O and U (Crockford's base 32), so a code read off a
 * sticker has no look-alikes (0/O, 1/I/l) and no case to get wrong. Tags made before keep their mixed-case codes.
 */
export const TAG_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The secret of a link that opens something without signing in (a transfer, a shared report): 256 bits, base64url. */
export const LINK_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isLinkSecret(value: unknown): value is string {
  return typeof value === 'string' && LINK_SECRET_PATTERN.test(value);
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

export function isTagHash(value: unknown): value is string {
  return typeof value === 'string' && TAG_HASH_PATTERN.test(value);
}

/** A code as typed off a sticker: spaces and dashes a person adds to read it in groups are not part of it. */
export function typedTagCode(input: string): string {
  return input.replace(/[\s-]+/g, '');
}

/**
 * How a person reads a code back: upper case, with O read as 0 and I and L as 1. Two codes with the same key are
 * the same code to a reader; a typed code finds its tag by this key when exactly one tag has it (migration 0025
 * indexes the same expression).
 */
export function tagCodeKey(code: string): string {
  return code.toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** 128 random bits as 22 base64url characters (the last character carries only 2 bits, so it is one of 4). */
export function newId(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += BASE64URL[(value >> bits) & 63];
    }
  }
  out += BASE64URL[(value << (6 - bits)) & 63];
  return out;
}

/** A new tag code of uniform TAG_CODE_ALPHABET letters: 32 of them divide 256, so a byte modulo 32 carries no bias. */
export function newTagHash(length: number = TAG_HASH_DEFAULT_LENGTH): string {
  if (!Number.isInteger(length) || length < TAG_HASH_MIN || length > TAG_HASH_MAX) {
    throw new RangeError(`Tag hash length must be ${TAG_HASH_MIN} to ${TAG_HASH_MAX}`);
  }
  let out = '';
  for (const byte of randomBytes(length)) out += TAG_CODE_ALPHABET[byte % TAG_CODE_ALPHABET.length];
  return out;
}
