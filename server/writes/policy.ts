import type { Actor } from '../../src/domain/access.js';
import { deadReference, missingValue } from './completeness.js';
import { REQUEST_NOT_YOURS, VEHICLE_NOT_YOURS, type Refusal } from './refusals.js';
import { tableWrites, type WritableTable } from './tables.js';
import type { CrudKind, Lookups, Row, Write } from './write.js';

export { REQUEST_NOT_YOURS, VEHICLE_NOT_YOURS, type Actor, type CrudKind, type Lookups, type Refusal, type Row };

/**
 * Who may write what through sync: owners their vehicles, the notes and track sessions on them and
 * service requests on them, admins anything the app edits, company employees their company's customers, the
 * requests on those customers' vehicles and work time on their company's requests, anyone the claim of a free tag
 * for their own vehicle. Each table's record (tables/*.ts) says its rules; this is the order they are asked in.
 * Pure: the facts it needs about other rows come through `Lookups`, so every rule is unit-tested
 * (tests/unit/uploadPolicy.test.ts, both the allowed and the refused side of each).
 */

/** A write to one of the writable tables. */
export type TableWrite = Write & { table: WritableTable };

/** The answer for a change to a row that does not exist: the same as for one that exists but is not the caller's. */
export function missingRow(table: WritableTable): Refusal {
  return tableWrites(table).missingRow;
}

/**
 * Whether the caller may make the write (the table's rule for everyone, then, unless they are an administrator, its
 * rule for everyone else), whether the row takes changes (a deleted company or request only its restoring), then
 * whether its values obey the rules every writer obeys. Permission comes first so that a caller learns nothing about
 * rows that are not theirs.
 */
export async function authorize(w: TableWrite, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  const table = tableWrites(w.table);
  const refusal =
    (await table.forEveryone?.(w, actor, lookups)) ??
    (actor.isAdmin ? null : await table.forOthersThanAdmins(w, actor, lookups)) ??
    table.whileDeleted?.(w, actor) ??
    null;
  if (refusal) return refusal;
  // A write that puts nothing new on a row (stopping one's own clock) is not refused for naming a deleted one.
  const onDeleted = (await table.putsNothingNew?.(w, actor, lookups)) ?? false;
  // The rules every writer's values obey, admins included: a row is never without what it needs, the table's own
  // rules, and ids that name existing rows, none soft-deleted (last, so that the table's rules answer first where
  // they say more).
  return (
    missingValue(table.columns, w) ??
    (await table.values?.(w, lookups)) ??
    (onDeleted ? null : await deadReference(table.columns, w, lookups))
  );
}

/** Server-filled columns that depend on the row as it would be (the table's derivedColumns); applied before authorize. */
export async function derivedColumns(table: WritableTable, current: Row | null, next: Row, lookups: Lookups): Promise<Row> {
  return (await tableWrites(table).derivedColumns?.(current, next, lookups)) ?? {};
}
