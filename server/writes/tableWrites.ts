import type { Actor } from '../../src/domain/access.js';
import type { Queryable } from '../db/db.js';
import type { ColumnRule, MadeOnDevice, PgValue } from './columns.js';
import type { Refusal } from './refusals.js';
import type { Lookups, Row, Write } from './write.js';

/** One rule about a write: why it may not be made, or null. */
export type WriteRule = (w: Write, actor: Actor, lookups: Lookups) => Refusal | null | Promise<Refusal | null>;

/**
 * Everything the server holds about writing one synced table from a device, in one record (tables/*.ts), so that
 * applying a write (apply.ts) and judging it (policy.ts) ask the table instead of naming it.
 */
export interface TableWrites {
  /** The columns a device may write, with the values each takes; any other column is refused. */
  columns: Readonly<Record<string, ColumnRule>>;
  /** Whether an id has the shape of this table's ids (our 22-character ids, unless the table says otherwise). */
  isRowId?(id: unknown): boolean;
  /** Present for the tables a device makes rows in, which keep the device's time of making (deviceTimes.ts). */
  madeOnDevice?: MadeOnDevice;
  /** Columns the server fills in itself, whatever the device sent (who asked, who changed it last). */
  serverColumns?(actor: Actor, creating: boolean, values: Readonly<Record<string, PgValue>>): Record<string, PgValue>;
  /** Columns the server fills in from the row as it would be, before the write is judged. */
  derivedColumns?(current: Row | null, next: Row, lookups: Lookups): Promise<Row>;
  /** Who may write, said for everyone, administrators included; checked first. */
  forEveryone?: WriteRule;
  /** Who may write, for anyone but administrators (who pass it). */
  forOthersThanAdmins: WriteRule;
  /** Whether a soft-deleted row takes the write (checked after permission, so a stranger hears only that). */
  whileDeleted?(w: Write, actor: Actor): Refusal | null;
  /** The rules the values obey, for every writer, administrators included. */
  values?(w: Write, lookups: Lookups): Refusal | null | Promise<Refusal | null>;
  /** A write that puts nothing new on the row it names, so that row being soft-deleted does not refuse it. */
  putsNothingNew?(w: Write, actor: Actor, lookups: Lookups): Promise<boolean>;
  /** The answer to a change of a row that does not exist: the same as for one that exists but is not the caller's. */
  missingRow: Refusal;
  /** A row gone from the table that a DELETE still removes (it would come back from its device otherwise). */
  goneRow?(tx: Queryable, id: string): Promise<Row | null>;
  /** What removing a row leaves behind, in the same transaction. */
  onDelete?(tx: Queryable, id: string): Promise<void>;
}
