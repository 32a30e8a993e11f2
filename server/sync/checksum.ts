/**
 * Op checksums. Clients never recompute them: they add up the checksums of the ops they hold and compare the sum
 * with the bucket checksum we advertise (docs/powersync-protocol.md §3). So any deterministic 32-bit value works,
 * provided it is stored with the op and every op counts exactly once in the bucket's sum. The PowerSync Service
 * uses the first four bytes of a SHA-256 of the op's data; in a profile of a 100,000-row bulk load that was about
 * 6 % of the replicator's CPU, plus the garbage of a Hash object and a digest buffer per op. Ours is FNV-1a over
 * the UTF-16 code units of the row's table and id, then the op's id, with a final avalanche: a multiplication per
 * character, no allocation. The op id, not the row's data, tells one version of a row from the next: every change
 * gets a new op id, and hashing ~450 characters of data twice per row (once per bucket) was a tenth of the
 * replicator's own work. A switch to the Service loses nothing: it builds its own oplog with its own checksums, and
 * the checksums already stored here stay valid (each is summed as stored, never recomputed).
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Separates the parts hashed, so ("ab", "c") and ("a", "bc") differ. Not a character the parts hold. */
const SEPARATOR = 0xffff;

function feed(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return Math.imul(h ^ SEPARATOR, FNV_PRIME);
}

/** An op id as two 32-bit words (op ids pass 2^32 long before they pass 2^53). */
function feedInteger(hash: number, value: number): number {
  const h = Math.imul(hash ^ (value >>> 0), FNV_PRIME);
  return Math.imul(Math.imul(h ^ Math.floor(value / 0x1_0000_0000), FNV_PRIME) ^ SEPARATOR, FNV_PRIME);
}

/** Spreads every input bit over the result (MurmurHash3's finalizer), so near-identical rows differ widely. */
function finish(hash: number): number {
  let h = hash;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A PUT's checksum covers its op id, so each version of a row has its own (distinct op ids of one row give distinct
 * values: every step after the table and id is a bijection of the op id).
 */
export function putChecksum(objectType: string, objectId: string, opId: number): number {
  return finish(feedInteger(feed(feed(feed(FNV_OFFSET, 'put'), objectType), objectId), opId));
}

/** Any deterministic value works for REMOVE; this one depends on the row it removes. */
export function removeChecksum(objectType: string, objectId: string): number {
  return finish(feed(feed(feed(FNV_OFFSET, 'delete'), objectType), objectId));
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
