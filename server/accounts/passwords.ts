import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordDigestInput, usernameDigestInput } from '../../src/domain/credentials.js';

const KEY_LENGTH = 32;
const SCRYPT_OPTIONS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scrypt(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(secret, salt, KEY_LENGTH, SCRYPT_OPTIONS, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export function sha256Hex(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex');
}

/** The digests a browser would send for these credentials; used by the seed and by tests. */
export function clientDigests(email: string, password: string): { username: string; password: string } {
  return { username: sha256Hex(usernameDigestInput(email)), password: sha256Hex(passwordDigestInput(email, password)) };
}

export interface StoredPassword {
  salt: Buffer;
  hash: Buffer;
}

export async function hashPassword(clientDigest: string): Promise<StoredPassword> {
  const salt = randomBytes(16);
  return { salt, hash: await scrypt(clientDigest, salt) };
}

export async function verifyPassword(clientDigest: string, stored: StoredPassword): Promise<boolean> {
  const candidate = await scrypt(clientDigest, stored.salt);
  return candidate.length === stored.hash.length && timingSafeEqual(candidate, stored.hash);
}
