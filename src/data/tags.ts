import { Code, ConnectError } from '@connectrpc/connect';
import { tagCodeKey } from '../domain/ids.js';
import { ErrorCorrection, QrTagService, TagStatus, type ResolveResponse } from '../gen/tagbook/v1/qr_tag_pb.js';
import { isOfflineError } from '../rpc/interceptors.js';
import { rpcClient } from '../rpc/transport.js';
import { whenDatabaseReady } from './databaseState.js';
import { firstAnswer } from './firstAnswer.js';
import { withPatience } from './patience.js';
import type { QrTagRow } from './schema.js';
import { useWatchedQuery } from './useQuery.js';

export interface TagTarget {
  targetId: string | null;
  targetPath: string | null;
}

/** The only page a claimed tag opens (the server refuses claims naming another). */
export const CLAIMED_TAG_PATH = '/vehicle';

/** A tag as the device knows it (synced public tags, the user's own, every one for admins), or null when unknown here. */
export async function lookupTag(hash: string): Promise<TagTarget | null> {
  const db = await whenDatabaseReady();
  const row = await db.getOptional<Pick<QrTagRow, 'target_id' | 'target_path'>>(
    'SELECT target_id, target_path FROM qr_tags WHERE id = ?',
    [hash],
  );
  return row ? { targetId: row.target_id, targetPath: row.target_path } : null;
}

/** SQL: a tag id as a person reads it back (tagCodeKey in src/domain/ids.ts). */
const CODE_KEY = "replace(replace(replace(upper(id), 'O', '0'), 'I', '1'), 'L', '1')";

/**
 * The tag's row on this device, live: it appears when a claim is made here or synced from elsewhere. A code typed
 * off a sticker finds its tag here too when it differs only in case or look-alikes: the exact code first, then the
 * tags that read the same (the page keeps only a single one: two would be a guess).
 */
export function useLocalTag(hash: string) {
  return useWatchedQuery<Pick<QrTagRow, 'id' | 'target_id' | 'target_path'>>(
    `SELECT id, target_id, target_path FROM qr_tags WHERE id = ? OR ${CODE_KEY} = ? ORDER BY id = ? DESC LIMIT 2`,
    [hash, tagCodeKey(hash), hash],
  );
}

/** What the server says a tag leads to, as far as this caller may know. */
export type RemoteTag =
  /** `hash`: the tag's own code, which a typed code may differ from in case or look-alikes. */
  | { status: 'vehicle'; vehicleId: string; targetPath: string; hash: string }
  | { status: 'unclaimed'; hash: string }
  | { status: 'private-vehicle' }
  /** Replaced by another tag on its vehicle: it opens nothing, and cannot be claimed. */
  | { status: 'replaced' }
  | { status: 'not-found' }
  /** No answer: the device is offline or the server could not be reached. */
  | { status: 'unreachable' };

/** The server's Resolve answer in the device's words (`hash`: the code it was asked about). */
function remoteTagOf(res: ResolveResponse, hash: string): RemoteTag {
  switch (res.status) {
    case TagStatus.VEHICLE:
      return { status: 'vehicle', vehicleId: res.vehicleId, targetPath: res.targetPath || CLAIMED_TAG_PATH, hash: res.hash || hash };
    case TagStatus.UNCLAIMED:
      return { status: 'unclaimed', hash: res.hash || hash };
    case TagStatus.PRIVATE_VEHICLE:
      return { status: 'private-vehicle' };
    case TagStatus.REPLACED:
      return { status: 'replaced' };
    default:
      return { status: 'not-found' };
  }
}

/** What the page's first answer (src/data/firstAnswer.ts) says about the tag `hash`, if it came with one about it. */
export function firstRemoteTag(hash: string): RemoteTag | null {
  const answer = firstAnswer();
  // Asked by the address's code, or by the tag's own one once the address names it (a code typed in another case).
  const about = answer !== null && (answer.hash === hash || answer.resolve.hash === hash);
  return about ? remoteTagOf(answer.resolve, hash) : null;
}

async function resolveTagRemotely(hash: string): Promise<RemoteTag> {
  try {
    return remoteTagOf(await rpcClient(QrTagService).resolve({ hash }), hash);
  } catch (error) {
    if (isUnreachable(error)) return { status: 'unreachable' };
    throw error;
  }
}

/**
 * How long a person holding a tag waits for the server before the page carries on as offline (a claim can still be
 * made, a scan is kept to open later). A normal answer takes well under a second even on a slow mobile link.
 */
export const TAG_LOOKUP_PATIENCE_MS = 3000;

const UNREACHABLE: RemoteTag = { status: 'unreachable' };

/**
 * resolveTagRemotely, answered 'unreachable' after TAG_LOOKUP_PATIENCE_MS without an answer; a real answer that
 * comes later goes to `late`, so the page can still use it.
 */
export function resolveTagPatiently(hash: string, late: (answer: RemoteTag) => void): Promise<RemoteTag> {
  return withPatience(resolveTagRemotely(hash), TAG_LOOKUP_PATIENCE_MS, UNREACHABLE, (answer) => {
    if (answer.status !== 'unreachable') late(answer);
  }, (error) => console.error('Tag lookup failed after its answer was given up on', error));
}

/** Offline, or a network that failed before the server answered (code 2 or 14 with no server behind it). */
function isUnreachable(error: unknown): boolean {
  if (isOfflineError(error)) return true;
  return error instanceof ConnectError && (error.code === Code.Unknown || error.code === Code.Unavailable);
}

/**
 * Claims a tag for one of the user's vehicles: a local write, uploaded when there is a network; the server decides
 * (a tag someone else claimed first is refused, and the device is told why). Its own transaction, so a refused
 * claim never takes anything else written with it (a vehicle created for the claim stays).
 */
export async function claimTag(hash: string, vehicleId: string): Promise<void> {
  const now = new Date().toISOString();
  const db = await whenDatabaseReady();
  await db.writeTransaction(async (tx) => {
    const existing = await tx.getOptional<{ id: string }>('SELECT id FROM qr_tags WHERE id = ?', [hash]);
    if (existing) {
      await tx.execute('UPDATE qr_tags SET target_id = ?, target_path = ?, updated_at = ? WHERE id = ?', [vehicleId, CLAIMED_TAG_PATH, now, hash]);
    } else {
      await tx.execute(
        'INSERT INTO qr_tags (id, target_id, target_path, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        [hash, vehicleId, CLAIMED_TAG_PATH, now, now],
      );
    }
  });
}

/** Admins: a fresh hash for a new tag (getRandom with error correction MEDIUM). */
export async function randomTagHash(): Promise<string> {
  const { hash } = await rpcClient(QrTagService).getRandom({ domain: location.host, errorCorrection: ErrorCorrection.MEDIUM });
  return hash;
}

/** Admins: creates unclaimed tags on the server, the given ones or `count` random ones. */
export async function createTags(request: { hashes?: string[]; count?: number }): Promise<string[]> {
  const res = await rpcClient(QrTagService).createTags({ hashes: request.hashes ?? [], count: request.count ?? 0 });
  return res.hashes;
}
