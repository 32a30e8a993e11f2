// How one local transaction is cut into requests (SyncService.UploadData). Pure: the entries in, the requests'
// contents out, so the rules are unit-tested without a server.
import { entryBytes, UPLOAD_ENTRY_MAX_BYTES, UPLOAD_PART_TARGET_BYTES } from '../domain/transactionLimits.js';
import type { WireEntry } from './uploadEntries.js';

/** UploadPart of sync.proto. */
export interface PartInfo {
  index: number;
  count: number;
  firstEntry: number;
  totalEntries: number;
  totalBytes: bigint;
}

/** What one request carries: the whole transaction (part undefined), or one part of it. */
export interface PlannedRequest {
  crud: WireEntry[];
  part?: PartInfo;
  /** The part holds an entry sent without its data: the server refuses the transaction as soon as it sees it. */
  holdsOversized: boolean;
}

/**
 * An entry no request can hold travels without its data, saying how large it was: the server then refuses the
 * transaction with that reason, instead of the device retrying a request that can never be accepted.
 */
function fitted(entry: WireEntry): { entry: WireEntry; bytes: number; oversized: boolean } {
  const bytes = entryBytes(entry);
  if (bytes <= UPLOAD_ENTRY_MAX_BYTES) return { entry, bytes, oversized: false };
  const stripped: WireEntry = { ...entry, opData: '', previousValues: undefined, omittedBytes: BigInt(bytes) };
  return { entry: stripped, bytes: entryBytes(stripped), oversized: true };
}

/**
 * Entries in their order, filled into parts of at most `targetBytes` (a larger entry alone in its part). A
 * transaction that fits one part goes as one request without part numbers, as it always has.
 */
export function planRequests(entries: readonly WireEntry[], targetBytes = UPLOAD_PART_TARGET_BYTES): PlannedRequest[] {
  const sized = entries.map(fitted);
  const groups: (typeof sized)[] = [];
  let current: typeof sized = [];
  let currentBytes = 0;
  for (const item of sized) {
    if (current.length > 0 && currentBytes + item.bytes > targetBytes) {
      groups.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(item);
    currentBytes += item.bytes;
  }
  if (current.length > 0) groups.push(current);

  const holds = (group: typeof sized) => group.some((item) => item.oversized);
  if (groups.length <= 1) return [{ crud: sized.map((item) => item.entry), holdsOversized: holds(sized) }];
  // What travelled plus what was left out: the server compares it with its limit for a whole transaction.
  const totalBytes = sized.reduce((sum, item) => sum + BigInt(item.bytes) + (item.entry.omittedBytes ?? 0n), 0n);
  let firstEntry = 0;
  return groups.map((group, index) => {
    const part = { index, count: groups.length, firstEntry, totalEntries: entries.length, totalBytes };
    firstEntry += group.length;
    return { crud: group.map((item) => item.entry), part, holdsOversized: holds(group) };
  });
}
