/**
 * 0021 — a company's devices are never given the id of a vehicle's owner.
 *
 * The by_company bucket sent who opened and last changed a request (user_id, updated_by) and who added a file to it
 * (upload_buckets.user_id, upload_form_files.user_id) as stored: the owner's id when the owner did it. Those devices
 * may know a person's id only when the person is on the company's staff — a link with it, current or not, which its
 * devices hold already (company_employees); nobody else's. staff_user_id is that id or null, kept by BEFORE triggers
 * on every write (after the scope triggers of 0017 have set the row's company: trigger names sort them so), and the
 * sync rules give it to the company's devices as user_id. updated_by goes to no company device: the app never shows it.
 *
 * The id is judged when the row is written: a person who joins the company later is named on rows written after.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create function tagbook_staff_id(person text, company text) returns text language sql stable as $$
  select person where exists (select 1 from company_employees e where e.user_id = person and e.company_id = company);
$$;

alter table service_requests add column staff_user_id text;
alter table upload_form_files add column staff_user_id text;

create function tagbook_staff_user_id() returns trigger language plpgsql as $$
begin
  new.staff_user_id := tagbook_staff_id(new.user_id, new.company_id);
  return new;
end;
$$;
create trigger service_requests_staff before insert or update on service_requests
  for each row execute function tagbook_staff_user_id();
create trigger upload_form_files_staff before insert or update on upload_form_files
  for each row execute function tagbook_staff_user_id();

-- Rows written before this migration; not a user's edit, so updated_at stays.
alter table service_requests disable trigger service_requests_touch;
update service_requests set staff_user_id = staff_user_id where user_id is not null and company_id is not null;
alter table service_requests enable trigger service_requests_touch;
alter table upload_form_files disable trigger upload_form_files_touch;
update upload_form_files set staff_user_id = staff_user_id where company_id is not null;
alter table upload_form_files enable trigger upload_form_files_touch;
`;
