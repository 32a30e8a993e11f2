import { kvGet, kvSet } from './kv.js';
import { withLock } from './locks.js';

// Sessions are bound to this device's ECDSA P-256 key pair. The private half is created
// non-extractable and stored as a CryptoKey in IndexedDB, so no script (ours included) can ever read its bytes; a
// stolen session id or cookie is useless without it. One pair per browser profile, shared by its tabs.

const KEY_PAIR_KEY = 'deviceKey';
const LOCK_NAME = 'tagbook-device-key';
const ALGORITHM: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
/** A random delay before key generation, 0 to 200 ms. */
export const KEY_ROTATION_MAX_DELAY_MS = 200;

function isKeyPair(value: unknown): value is CryptoKeyPair {
  if (typeof value !== 'object' || value === null) return false;
  const pair = value as Partial<CryptoKeyPair>;
  return pair.privateKey instanceof CryptoKey && pair.publicKey instanceof CryptoKey;
}

function generate(): Promise<CryptoKeyPair> {
  // extractable=false applies to the private key; WebCrypto always leaves the public half exportable.
  return crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
}

/**
 * The device's key pair, created on first use. Taken under the same lock as rotation, so a sign-in right after a
 * sign-out waits for the fresh pair instead of binding the new session to the pair about to be replaced.
 */
export function getDeviceKeyPair(): Promise<CryptoKeyPair> {
  return withLock(LOCK_NAME, async () => {
    const stored = await kvGet<unknown>(KEY_PAIR_KEY);
    if (isKeyPair(stored)) return stored;
    const pair = await generate();
    await kvSet(KEY_PAIR_KEY, pair);
    return pair;
  });
}

/** The key that signs session headers; null when storage lost it (then the session cannot go on). */
export async function getSigningKey(): Promise<CryptoKey | null> {
  const stored = await kvGet<unknown>(KEY_PAIR_KEY);
  return isKeyPair(stored) ? stored.privateKey : null;
}

/** SubjectPublicKeyInfo (DER), as AuthService expects it at registration and sign-in. */
export async function exportPublicKey(pair: CryptoKeyPair): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
}

/**
 * Logout creates a fresh key pair: whatever the old key signed is worthless from now on, even to a server that
 * missed the logout. The random pause happens inside the lock so waiting sign-ins see the new pair.
 */
export function rotateDeviceKey(random: () => number = Math.random): Promise<void> {
  return withLock(LOCK_NAME, async () => {
    const delay = Math.floor(random() * (KEY_ROTATION_MAX_DELAY_MS + 1));
    await new Promise((resolve) => setTimeout(resolve, delay));
    await kvSet(KEY_PAIR_KEY, await generate());
  });
}
