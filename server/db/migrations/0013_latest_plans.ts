/**
 * 0013 — the latest-vehicles refresh (0009) no longer depends on planner statistics.
 *
 * Every write that moves a public vehicle's updated_at runs tagbook_refresh_latest(). Right after a bulk insert, in
 * a table the statistics still called small (until autovacuum analyzes it; plpgsql keeps the plans it made until
 * then), the planner read every vehicle twice: with 100,000 vehicles each edit of one took ~200 ms of the
 * database's CPU. The work is the same at any size, so the function now says how to do it: the newest 100 public
 * vehicles read once, in index order (vehicles_public_updated_idx); the flagged ones that left, through their
 * partial index; the ones to flag, by primary key. None of that needs a sequential scan or a sort, so the function
 * turns both off for itself: they remain a fallback, never a choice.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create or replace function tagbook_refresh_latest() returns void language plpgsql
  set enable_seqscan = off
  set enable_sort = off
as $$
declare
  latest text[] := array(select id from vehicles where is_public order by updated_at desc, id limit 100);
begin
  update vehicles set is_latest = false where is_latest and id <> all (latest);
  update vehicles set is_latest = true where id = any (latest) and not is_latest;
end;
$$;
`;
