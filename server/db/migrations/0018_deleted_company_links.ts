/**
 * 0018 — a soft-deleted company employs nobody. "Currently employed" (0005) looked at the link's dates alone, so the
 * employees of a deleted company kept its customers, requests and work time on their devices (the by_company bucket
 * reads is_current) and every server check that asked tagbook_employed() let them write. tagbook_link_current() is
 * now the one definition — the link's dates and its company not deleted — for the stored flag and for the server's
 * checks (server/db/employment.ts); deleting or restoring a company rewrites its links' flags in the same
 * transaction, so devices follow live.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create function tagbook_link_current(company text, start_date timestamptz, end_date timestamptz) returns boolean
  language sql stable as $$
  select tagbook_employed(start_date, end_date)
     and exists (select 1 from companies c where c.id = company and c.deleted_at is null);
$$;

create or replace function tagbook_company_employees_current() returns trigger language plpgsql as $$
begin
  new.is_current := tagbook_link_current(new.company_id, new.start_date, new.end_date);
  return new;
end;
$$;

create function tagbook_companies_links_current() returns trigger language plpgsql as $$
begin
  update company_employees e set is_current = not e.is_current
   where e.company_id = new.id and e.is_current is distinct from tagbook_link_current(e.company_id, e.start_date, e.end_date);
  return null;
end;
$$;
create trigger companies_links_current after update of deleted_at on companies
  for each row when (old.deleted_at is distinct from new.deleted_at)
  execute function tagbook_companies_links_current();

-- Links of companies deleted before this migration; not a user's edit, so updated_at stays.
alter table company_employees disable trigger company_employees_touch;
update company_employees e set is_current = not e.is_current
 where e.is_current is distinct from tagbook_link_current(e.company_id, e.start_date, e.end_date);
alter table company_employees enable trigger company_employees_touch;
`;
