/**
 * NDJSON lines of the PowerSync sync protocol, built as strings. Op ids and checkpoints are decimal strings and
 * `data` is a JSON string holding the row: the Rust client rejects numbers there. Pure, so the exact wire shape is
 * unit-tested.
 */

export type SubscriptionRef = { default: number } | { sub: number };

export interface ChecksumEntry {
  bucket: string;
  checksum: number;
  count: number;
  priority: number;
  subscriptions?: readonly SubscriptionRef[];
}

export interface StreamDescription {
  name: string;
  is_default: boolean;
  errors: { subscription: 'default' | number; message: string }[];
}

/**
 * An oplog row as read from storage; op_id and checksum may arrive as decimal strings (int8 from PostgreSQL).
 * data is stored already encoded as a JSON string literal (quotes and escapes included): the escaping is done once
 * when the op is written, not again for every stream that reads it.
 */
export interface OpRow {
  op_id: string | number;
  op: string;
  object_type: string | null;
  object_id: string | null;
  data: string | null;
  checksum: string | number;
}

const wc = (writeCheckpoint: number | null) =>
  writeCheckpoint === null ? '' : `,"write_checkpoint":"${writeCheckpoint}"`;

export function checkpointLine(
  head: number,
  buckets: readonly ChecksumEntry[],
  writeCheckpoint: number | null,
  streams: readonly StreamDescription[],
): string {
  return `{"checkpoint":{"last_op_id":"${head}"${wc(writeCheckpoint)},"buckets":${JSON.stringify(buckets)},"streams":${JSON.stringify(streams)}}}\n`;
}

export function checkpointDiffLine(
  head: number,
  updated: readonly ChecksumEntry[],
  removed: readonly string[],
  writeCheckpoint: number | null,
): string {
  return `{"checkpoint_diff":{"last_op_id":"${head}"${wc(writeCheckpoint)},"updated_buckets":${JSON.stringify(updated)},"removed_buckets":${JSON.stringify(removed)}}}\n`;
}

export function checkpointCompleteLine(head: number): string {
  return `{"checkpoint_complete":{"last_op_id":"${head}"}}\n`;
}

export function partialCheckpointCompleteLine(head: number, priority: number): string {
  return `{"partial_checkpoint_complete":{"last_op_id":"${head}","priority":${priority}}}\n`;
}

export function tokenExpiresLine(seconds: number): string {
  return `{"token_expires_in":${Math.max(0, Math.floor(seconds))}}\n`;
}

/** Wraps ops already serialized with opJson into one data line. */
export function dataLine(bucket: string, after: number, nextAfter: number, hasMore: boolean, opsJson: readonly string[]): string {
  return `{"data":{"bucket":${JSON.stringify(bucket)},"after":"${after}","next_after":"${nextAfter}","has_more":${hasMore},"data":[${opsJson.join(',')}]}}\n`;
}

/** A CLEAR names no row: its object fields are left out rather than sent as null. */
export function opJson(op: OpRow): string {
  let json = `{"op_id":"${op.op_id}","op":"${op.op}"`;
  if (op.object_type !== null) json += `,"object_type":${JSON.stringify(op.object_type)}`;
  if (op.object_id !== null) json += `,"object_id":${JSON.stringify(op.object_id)}`;
  json += `,"checksum":${op.checksum}`;
  if (op.data !== null) json += `,"data":${op.data}`;
  return `${json}}`;
}
