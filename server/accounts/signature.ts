import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { sessionSigningInput, type SignedFields } from '../../src/domain/session.js';

/**
 * The device's public key as sent at sign-in: SPKI DER of an ECDSA P-256 key. Returns the canonical DER re-encoded
 * by Node (what we store), or null for anything else, including other curves and key types.
 */
export function canonicalP256Spki(spki: Uint8Array): Uint8Array | null {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });
  } catch {
    return null;
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return null;
  return new Uint8Array(key.export({ format: 'der', type: 'spki' }));
}

/** WebCrypto signs in IEEE P1363 form (r || s), not DER; Node must be told, or every real signature fails. */
export function verifySessionSignature(spki: Uint8Array, fields: SignedFields, signature: Uint8Array): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });
    const data = Buffer.from(sessionSigningInput(fields), 'utf8');
    return verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
  } catch {
    return false;
  }
}
