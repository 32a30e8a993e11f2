// How large a device's local transaction may be and how it travels to SyncService.UploadData. One definition for
// the server, which enforces the limits, and for the device, which splits a transaction into parts that fit.

/** The most bytes one RPC request body may carry; the server answers resource_exhausted beyond it. */
export const RPC_REQUEST_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A part is filled up to this many bytes. Well under the request limit: on a slow phone network a lost request
 * costs one part (about 5 s at 1.6 Mbps), never the whole transaction.
 */
export const UPLOAD_PART_TARGET_BYTES = 1024 * 1024;

/** Room left in a request for what surrounds its entries: client and transaction ids, the part, the framing. */
const REQUEST_ENVELOPE_BYTES = 16 * 1024;

/** One change larger than this fits no request, alone or not: it is refused whole, with its size. */
export const UPLOAD_ENTRY_MAX_BYTES = RPC_REQUEST_MAX_BYTES - REQUEST_ENVELOPE_BYTES;

/**
 * What the server applies as one transaction, in whatever parts it came; a larger one is refused whole, with the
 * reason. Far beyond any screen's writes (a screen writes a handful; over 3,000 notes of the longest kind fill
 * 32 MiB), and within what one database transaction applies while its request is held open: about a minute at the
 * slowest rate measured (bench/upload-large.mjs, 430 entries/s on a loaded machine) and 32 MiB held in memory.
 */
export const UPLOAD_TRANSACTION_MAX_ENTRIES = 20_000;
export const UPLOAD_TRANSACTION_MAX_BYTES = 32 * 1024 * 1024;

/** Per entry, more than protobuf spends on its field tags, lengths and the two int64 ids and the op. */
const ENTRY_OVERHEAD_BYTES = 64;

/** The text an entry carries, as both sides see it (UploadDataRequest's CrudEntry). */
export interface EntryText {
  id: string;
  table: string;
  opData: string;
  previousValues?: string;
  metadata?: string;
}

/** UTF-8 length of a string, without an encoder (this module runs in the browser, the server and the tests). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      // A surrogate pair is one code point of four bytes; a lone surrogate is encoded as U+FFFD, three bytes.
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * An entry's size as both sides count it: its text in UTF-8 plus a fixed overhead, never less than its protobuf
 * encoding, so parts counted with it fit the request limit.
 */
export function entryBytes(entry: EntryText): number {
  return (
    ENTRY_OVERHEAD_BYTES +
    utf8Length(entry.id) +
    utf8Length(entry.table) +
    utf8Length(entry.opData) +
    utf8Length(entry.previousValues ?? '') +
    utf8Length(entry.metadata ?? '')
  );
}

/** Megabytes with one decimal, as the refusals say them. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
