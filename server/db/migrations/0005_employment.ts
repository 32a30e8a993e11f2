/**
 * 0005 — one definition of "currently employed": the link's start date has been reached (or it has none) and its
 * end date has not passed (or it has none). tagbook_employed() is that definition; server checks call it directly,
 * and is_current stores it on the row for the sync rules, which cannot compare dates. A BEFORE trigger keeps the
 * flag right for every write, and the server's employment job (server/db/employment.ts) rewrites rows whose flag
 * went stale because a start or end time passed, so a link that starts or ends later takes effect at that time
 * without anyone writing.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create function tagbook_employed(start_date timestamptz, end_date timestamptz) returns boolean language sql stable as $$
  select (start_date is null or start_date <= now()) and (end_date is null or end_date > now());
$$;

alter table company_employees add column is_current boolean not null default false;

create function tagbook_company_employees_current() returns trigger language plpgsql as $$
begin
  new.is_current := tagbook_employed(new.start_date, new.end_date);
  return new;
end;
$$;
create trigger company_employees_current before insert or update on company_employees
  for each row execute function tagbook_company_employees_current();

-- Backfill; not a user's edit, so updated_at stays.
alter table company_employees disable trigger company_employees_touch;
update company_employees set is_current = is_current;
alter table company_employees enable trigger company_employees_touch;

-- The job looks for links whose start or end is still ahead.
create index company_employees_start_date_idx on company_employees (start_date);
create index company_employees_end_date_idx on company_employees (end_date);
`;
