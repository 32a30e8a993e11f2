import type { MessageInitShape } from '@bufbuild/protobuf';
import { CrudOp, type CrudEntrySchema } from '../gen/tagbook/v1/sync_pb.js';

/** What an upload needs of the SDK's CrudEntry (kept structural so this stays pure and testable). */
export interface LocalCrudEntry {
  clientId: number;
  id: string;
  op: 'PUT' | 'PATCH' | 'DELETE';
  opData?: Record<string, unknown>;
  previousValues?: Record<string, unknown>;
  table: string;
  transactionId?: number;
  metadata?: string;
}

const OPS = { PUT: CrudOp.PUT, PATCH: CrudOp.PATCH, DELETE: CrudOp.DELETE } as const;

/** SQLite values travel as JSON text so integers, reals, text and null arrive exactly as written. */
export function toWireEntry(entry: LocalCrudEntry): MessageInitShape<typeof CrudEntrySchema> {
  return {
    clientId: BigInt(entry.clientId),
    id: entry.id,
    op: OPS[entry.op],
    opData: entry.op === 'DELETE' ? '' : JSON.stringify(entry.opData ?? {}),
    previousValues: entry.previousValues ? JSON.stringify(entry.previousValues) : undefined,
    table: entry.table,
    transactionId: BigInt(entry.transactionId ?? 0),
    metadata: entry.metadata ?? '',
  };
}
