import type { RemoteTag } from '../../data/tags.js';

/** What the QR tag assignment row says about a tag, and so which actions it offers. */
export type TagAvailability =
  | { kind: 'checking' }
  /** Free to claim (held here unclaimed, or the server says so). */
  | { kind: 'available' }
  /** Not on this device and no answer from the server: a claim can still be made here; the server decides later. */
  | { kind: 'unchecked' }
  /** Linked to a vehicle the user may see. */
  | { kind: 'linked'; vehicleId: string }
  | { kind: 'private-vehicle' }
  /** Replaced by another tag on its vehicle: it cannot be claimed. */
  | { kind: 'replaced' }
  /** No such tag. An admin may add it ('Assign Tag'); for anyone else it cannot be claimed. */
  | { kind: 'no-such-tag' };

export interface LocalTagRow {
  target_id: string | null;
}

/**
 * Of the device's tags that a code may name (the exact one first, then those that read the same: useLocalTag), the
 * one it names: the exact tag, else a single read-alike; none when two read the same (a guess would claim the wrong
 * tag).
 */
export function pickLocalTag<R extends { id: string }>(rows: readonly R[], code: string): R | null {
  const first = rows[0];
  if (first === undefined) return null;
  return first.id === code || rows.length === 1 ? first : null;
}

/** The tag's own code, once the device or the server has found the tag a typed code names; else the code as typed. */
export function tagCode(typed: string, local: { id: string } | null, remote: RemoteTag | null): string {
  if (local !== null) return local.id;
  return remote !== null && (remote.status === 'unclaimed' || remote.status === 'vehicle') ? remote.hash : typed;
}

/**
 * The device's own row decides when there is one (it is the freshest truth for this user, their own pending claim
 * included); otherwise the server's answer; 'remote' is null while that answer is awaited.
 */
export function tagAvailability(local: { loaded: boolean; row: LocalTagRow | null }, remote: RemoteTag | null): TagAvailability {
  if (!local.loaded) return { kind: 'checking' };
  if (local.row !== null) {
    return local.row.target_id ? { kind: 'linked', vehicleId: local.row.target_id } : { kind: 'available' };
  }
  if (remote === null) return { kind: 'checking' };
  switch (remote.status) {
    case 'vehicle':
      return { kind: 'linked', vehicleId: remote.vehicleId };
    case 'unclaimed':
      return { kind: 'available' };
    case 'private-vehicle':
      return { kind: 'private-vehicle' };
    case 'replaced':
      return { kind: 'replaced' };
    case 'not-found':
      return { kind: 'no-such-tag' };
    case 'unreachable':
      return { kind: 'unchecked' };
  }
}

/** The row's words: 'Tag #{n} is Available.' or 'Unavailable.' */
export function availabilityText(hash: string, availability: TagAvailability): string {
  switch (availability.kind) {
    case 'checking':
      return `Checking tag #${hash}…`;
    case 'available':
      return `Tag #${hash} is Available.`;
    case 'unchecked':
      return `Tag #${hash} can't be checked while offline.`;
    default:
      return `Tag #${hash} is Unavailable.`;
  }
}
