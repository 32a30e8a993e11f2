/**
 * 0031 — links that show a service request's status to its customer (server/services/status-link-service.ts,
 * src/domain/statusLink.ts).
 *
 * request_status_links: made by user_id for the request's company (company_id, the company the request had then: a
 * request moved to another company ends the links of the first). token is the link itself, synced to that company's
 * current employees so they can copy it again, and to no one else. photo_ids: the request's photos shown (a JSON
 * array of form file ids); show_work_time: whether the work time is shown; days_after_close: how long after the
 * request closes the link keeps working; revoked_at ends it at once. Written by the service only.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create table request_status_links (
  id text primary key check (id <> ''),
  service_request_id text not null references service_requests (id) on delete cascade,
  company_id text not null references companies (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  token text not null unique check (token <> ''),
  photo_ids text not null default '[]',
  show_work_time boolean not null default false,
  days_after_close integer not null default 14 check (days_after_close between 1 and 365),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index request_status_links_request_idx on request_status_links (service_request_id);
create index request_status_links_company_idx on request_status_links (company_id);

create trigger request_status_links_touch before update on request_status_links
  for each row execute function tagbook_touch_updated_at();
create trigger request_status_links_sync_lock before insert or update or delete on request_status_links
  for each statement execute function tagbook_sync_lock();
create trigger request_status_links_sync after insert or update or delete on request_status_links
  for each row execute function tagbook_sync_capture();
`;
