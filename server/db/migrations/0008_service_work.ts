/**
 * 0008 — what company employees need to see their company's service requests, and the server's own time on work
 * records.
 *
 * company_ids (vehicles, vehicles_info): the companies whose employees may see the vehicle's name and make and model:
 * those with a request on it that is not deleted, and the company whose customer the vehicle's info names (so a new
 * request can be opened for it). Sync-rules data queries cannot join, so the list is stored on both rows; BEFORE
 * triggers recompute it on every write (a direct write cannot make it lie) and AFTER triggers on the tables it comes
 * from refresh it. It is not a user's edit: updated_at stays where it was (vehicles are listed by last update).
 *
 * user_name (company_employees): the employee's display name, so colleagues can name who is assigned and who is
 * clocked in without receiving each other's user rows.
 *
 * worktime.change_time: when the server stored the record; the record's time stays the device's.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
alter table vehicles add column company_ids jsonb not null default '[]';
alter table vehicles_info add column company_ids jsonb not null default '[]';
alter table company_employees add column user_name text not null default '';

-- The customer is passed in: a vehicles_info trigger knows the row as it is being written, which a query of the table
-- would not see yet.
create function tagbook_vehicle_companies(vehicle text, customer text) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(distinct company_id order by company_id), '[]') from (
    select r.company_id from service_requests r
      where r.vehicle_id = vehicle and r.company_id is not null and r.deleted_at is null
    union
    select c.company_id from customers c
      where c.id = customer and c.company_id is not null and c.deleted_at is null
  ) s;
$$;
create function tagbook_vehicle_companies(vehicle text) returns jsonb language sql stable as $$
  select tagbook_vehicle_companies(vehicle, (select customer_id from vehicles_info where vehicle_id = vehicle));
$$;

create function tagbook_vehicles_companies() returns trigger language plpgsql as $$
begin
  new.company_ids := tagbook_vehicle_companies(new.id);
  return new;
end;
$$;
create trigger vehicles_companies before insert or update on vehicles
  for each row execute function tagbook_vehicles_companies();

create function tagbook_vehicles_info_companies() returns trigger language plpgsql as $$
begin
  new.company_ids := tagbook_vehicle_companies(new.vehicle_id, new.customer_id);
  return new;
end;
$$;
create trigger vehicles_info_companies before insert or update on vehicles_info
  for each row execute function tagbook_vehicles_info_companies();

-- Rewrites both rows of a vehicle whose list is out of date (only those: an update is a change every device sees).
-- Called from triggers of the tables the list comes from, never on the row being written itself: a nested update of
-- that row would be logged for sync before the outer write, which would then be logged last with the stale list.
create function tagbook_refresh_vehicle_companies(vehicle text) returns void language plpgsql as $$
declare
  ids jsonb := tagbook_vehicle_companies(vehicle);
begin
  update vehicles set company_ids = ids where id = vehicle and company_ids is distinct from ids;
  update vehicles_info set company_ids = ids where vehicle_id = vehicle and company_ids is distinct from ids;
end;
$$;

-- The touch triggers skip an update that moves company_ids: only the refresh above does that.
drop trigger vehicles_touch on vehicles;
create trigger vehicles_touch before update on vehicles
  for each row when (old.company_ids is not distinct from new.company_ids)
  execute function tagbook_touch_updated_at();
drop trigger vehicles_info_touch on vehicles_info;
create trigger vehicles_info_touch before update on vehicles_info
  for each row when (old.company_ids is not distinct from new.company_ids)
  execute function tagbook_touch_updated_at();

create function tagbook_service_requests_companies() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform tagbook_refresh_vehicle_companies(old.vehicle_id);
  end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.vehicle_id is distinct from old.vehicle_id) then
    perform tagbook_refresh_vehicle_companies(new.vehicle_id);
  end if;
  return null;
end;
$$;
create trigger service_requests_companies after insert or delete or update of vehicle_id, company_id, deleted_at
  on service_requests for each row execute function tagbook_service_requests_companies();

create function tagbook_vehicles_info_customer_companies() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.vehicle_id is distinct from new.vehicle_id then
    perform tagbook_refresh_vehicle_companies(old.vehicle_id);
  end if;
  perform tagbook_refresh_vehicle_companies(new.vehicle_id);
  return null;
end;
$$;
create trigger vehicles_info_customer_companies after insert or update of customer_id, vehicle_id on vehicles_info
  for each row execute function tagbook_vehicles_info_customer_companies();

create function tagbook_customers_companies() returns trigger language plpgsql as $$
declare
  v text;
begin
  for v in select vehicle_id from vehicles_info where customer_id = new.id loop
    perform tagbook_refresh_vehicle_companies(v);
  end loop;
  return null;
end;
$$;
create trigger customers_companies after update of company_id, deleted_at on customers
  for each row when (old.company_id is distinct from new.company_id or old.deleted_at is distinct from new.deleted_at)
  execute function tagbook_customers_companies();

-- Employees' names ---------------------------------------------------------------------------------------------

create function tagbook_company_employees_user_name() returns trigger language plpgsql as $$
begin
  new.user_name := coalesce((select display_name from users where id = new.user_id), '');
  return new;
end;
$$;
create trigger company_employees_user_name before insert or update on company_employees
  for each row execute function tagbook_company_employees_user_name();

create function tagbook_users_propagate_name() returns trigger language plpgsql as $$
begin
  update company_employees set user_name = new.display_name where user_id = new.id;
  return null;
end;
$$;
create trigger users_propagate_name after update of display_name on users
  for each row when (old.display_name is distinct from new.display_name)
  execute function tagbook_users_propagate_name();

-- The server's time on work records -----------------------------------------------------------------------------

create function tagbook_worktime_change_time() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or (new.operation, new.time, new.user_id, new.service_request_id)
      is distinct from (old.operation, old.time, old.user_id, old.service_request_id) then
    new.change_time := now();
  end if;
  return new;
end;
$$;
create trigger worktime_change_time before insert or update on worktime
  for each row execute function tagbook_worktime_change_time();

-- Backfill (the BEFORE triggers compute the values); not a user's edit, so updated_at stays.
alter table vehicles disable trigger vehicles_touch;
update vehicles set company_ids = company_ids;
alter table vehicles enable trigger vehicles_touch;
alter table vehicles_info disable trigger vehicles_info_touch;
update vehicles_info set company_ids = company_ids;
alter table vehicles_info enable trigger vehicles_info_touch;
alter table company_employees disable trigger company_employees_touch;
update company_employees set user_name = user_name;
alter table company_employees enable trigger company_employees_touch;
`;
