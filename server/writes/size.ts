import {
  entryBytes,
  formatMegabytes,
  UPLOAD_ENTRY_MAX_BYTES,
  UPLOAD_TRANSACTION_MAX_BYTES,
  UPLOAD_TRANSACTION_MAX_ENTRIES,
} from '../../src/domain/transactionLimits.js';
import type { CrudEntry } from '../../src/gen/tagbook/v1/sync_pb.js';

/** One refused entry of an upload, as UploadDataResponse.errors carries it (index: in the whole transaction). */
export interface OpError {
  index: number;
  table: string;
  id: string;
  code: string;
  message: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The size of an entry as it travelled: what it carried, and what it had to leave out. */
export function travelledBytes(entry: CrudEntry): number {
  return entryBytes(entry) + Number(entry.omittedBytes);
}

/**
 * Why a transaction is too large to apply, said for the person whose changes they are; null when it is not. Told
 * from the totals a device declares, at its first part, and again from what actually arrived, at its last.
 */
export function transactionTooLarge(entries: number, bytes: number): OpError | null {
  const whole = { index: 0, table: '', id: '', code: 'too_large' };
  if (entries > UPLOAD_TRANSACTION_MAX_ENTRIES) {
    return { ...whole, message: `${count(entries)} changes made together are more than the ${count(UPLOAD_TRANSACTION_MAX_ENTRIES)} the server takes at once` };
  }
  if (bytes > UPLOAD_TRANSACTION_MAX_BYTES) {
    return { ...whole, message: `${formatMegabytes(bytes)} of changes made together are more than the ${formatMegabytes(UPLOAD_TRANSACTION_MAX_BYTES)} the server takes at once` };
  }
  return null;
}

/** Entries a device had to send without their data because no request could hold them (CrudEntry.omitted_bytes). */
export function oversizedEntries(crud: readonly CrudEntry[], firstEntry: number): OpError[] {
  const errors: OpError[] = [];
  for (const [i, entry] of crud.entries()) {
    if (entry.omittedBytes === 0n && entryBytes(entry) <= UPLOAD_ENTRY_MAX_BYTES) continue;
    errors.push({
      index: firstEntry + i,
      table: entry.table,
      id: entry.id,
      code: 'too_large',
      message: `This change is ${formatMegabytes(travelledBytes(entry))}, more than the ${formatMegabytes(UPLOAD_ENTRY_MAX_BYTES)} the server takes in one change`,
    });
  }
  return errors;
}
