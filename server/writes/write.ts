import type { AttachmentTarget } from '../../src/domain/files.js';
import type { ParentTable, PgValue } from './columns.js';
import type { RowFacts } from './completeness.js';

/** The shapes every write rule works on: one write, the rows it touches, and the facts it may ask about others. */

export type CrudKind = 'PUT' | 'PATCH' | 'DELETE';
export type Row = Record<string, PgValue | Date | undefined>;

/**
 * Facts about rows other than the one written, read inside the write's own transaction (facts.ts), so the rules stay
 * pure and every one is unit-tested with a fake (tests/unit/uploadPolicy.test.ts).
 */
export interface Lookups extends RowFacts {
  /** The owner of a vehicle: null when unowned, undefined when there is no such vehicle. */
  vehicleOwner(vehicleId: string): Promise<string | null | undefined>;
  /** A service request's company (null when none), its vehicle and whether it was soft-deleted; undefined when there is no such request. */
  request(requestId: string): Promise<{ companyId: string | null; vehicleId: string; deleted: boolean } | undefined>;
  /** The company whose customer the vehicle's info names, when neither is deleted; null otherwise. */
  vehicleCustomerCompany(vehicleId: string): Promise<string | null>;
  /** Whether the user works for the company right now (an open employee link). */
  isEmployee(userId: string, companyId: string): Promise<boolean>;
  /** Whether the user has ever started their clock on the request (deleted or not). */
  hasStarted(userId: string, requestId: string): Promise<boolean>;
  /** When a row was made (its created_at), deleted or not; undefined when there is no such row. */
  createdAt(table: ParentTable, id: string): Promise<Date | undefined>;
  /** What an upload bucket's files are attached to (its form_key); null for no such bucket. */
  bucketTarget(bucketId: string): Promise<AttachmentTarget | null>;
  /** The server's clock. */
  now(): Date;
}

export interface Write {
  /** The table written (one of the writable tables, tables.ts). */
  table: string;
  kind: CrudKind;
  /** The row as stored now, or null when the id is new. */
  current: Row | null;
  /** The row as it would be after the write (current merged with the sent values); null for a delete. */
  next: Row | null;
  /** Columns the write sets. */
  changed: ReadonlySet<string>;
}
