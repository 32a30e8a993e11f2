/**
 * 0012 — live changes are replicated ahead of a bulk backlog (server/sync/replicate/replicator.ts, log-cursor.ts).
 *
 * sync_changes_row_idx: applying a change out of order is only right if its row's older entries still in the log
 * are applied with it (or a later batch would put the row back to an older version), so the replicator looks them
 * up by row.
 *
 * sync_parameter_changes.head_op: a batch applied ahead does not move the position, so its parameter changes cannot
 * be keyed by position alone; they carry the op head the batch reached (such a batch always writes ops, so the head
 * moves), and other processes read the rows past the position or the head they know (server/sync/serve/follower.ts).
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create index sync_changes_row_idx on sync_changes (table_name, row_id);

alter table sync_parameter_changes add column head_op bigint not null default 0;
alter table sync_parameter_changes drop constraint sync_parameter_changes_pkey;
alter table sync_parameter_changes add primary key (position, head_op);
-- The follower's "past the position or past the head": two index scans, not a scan of a day of changes.
create index sync_parameter_changes_head_idx on sync_parameter_changes (head_op);
`;
