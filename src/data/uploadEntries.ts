import { CrudOp } from '../gen/tagbook/v1/sync_pb.js';

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

/** One entry as UploadDataRequest carries it (CrudEntry in sync.proto). */
export interface WireEntry {
  clientId: bigint;
  id: string;
  op: CrudOp;
  opData: string;
  previousValues?: string;
  table: string;
  transactionId: bigint;
  metadata: string;
  /** Set only on an entry too large for any request, sent without its data (see uploadParts.ts). */
  omittedBytes?: bigint;
}

const OPS = { PUT: CrudOp.PUT, PATCH: CrudOp.PATCH, DELETE: CrudOp.DELETE } as const;

/** SQLite values travel as JSON text so integers, reals, text and null arrive exactly as written. */
export function toWireEntry(entry: LocalCrudEntry): WireEntry {
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
