import { createHash } from 'node:crypto';

/**
 * Op checksums as the PowerSync service computes them: the first four bytes of a SHA-256, read as an unsigned
 * little-endian 32-bit integer. Clients never recompute them; they only add them up and compare with the bucket
 * checksum we advertise, so what matters is that every op we send counts exactly once in that sum.
 */
function hash32(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

/** A PUT's checksum covers its data, so a changed row has a different checksum from its previous version. */
export function putChecksum(objectType: string, objectId: string, data: string): number {
  return hash32(`put.${objectType}.${objectId}.${data}`);
}

/** Any deterministic value works for REMOVE; this one depends on the row it removes. */
export function removeChecksum(objectType: string, objectId: string): number {
  return hash32(`delete.${objectType}.${objectId}`);
}

/** Wrapping 32-bit sum, kept unsigned (0 .. 2^32-1): the client accepts it as well as the signed form. */
export function addChecksums(a: number, b: number): number {
  return (a + b) >>> 0;
}

export function sumChecksums(values: Iterable<number>): number {
  let sum = 0;
  for (const value of values) sum = (sum + value) >>> 0;
  return sum;
}
