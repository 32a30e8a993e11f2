/**
 * 0028 — reaching a vehicle's owner through its tag (server/contact/owner-contact-service.ts).
 *
 * - vehicles.contact_off: the owner has turned messages through the vehicle's tags off.
 * - owner_messages: what a visitor sent through a tag, to the person who owned the vehicle then (recipient_id): it
 *   stays theirs if the vehicle changes hands, since it was written to them. Synced to the recipient (by_user).
 *   Server only, never synced: reply_email (where a reply may reach the sender; can_reply says there is one) and
 *   sender_key (the sender's network address, which the limits count by). The recipient's device writes read_at
 *   and deleted_at; the reply goes through the service, which mails it and sets reply and replied_at.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
alter table vehicles add column contact_off boolean not null default false;

create table owner_messages (
  id text primary key check (id <> ''),
  vehicle_id text not null references vehicles (id) on delete cascade,
  recipient_id text not null references users (id) on delete cascade,
  tag_id text not null,
  reason text not null,
  body text not null default '',
  reply_email text,
  can_reply boolean not null default false,
  sender_key text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  read_at timestamptz,
  reply text,
  replied_at timestamptz,
  deleted_at timestamptz
);
-- The limits count recent messages per tag, per sender and per recipient.
create index owner_messages_tag_idx on owner_messages (tag_id, created_at);
create index owner_messages_sender_idx on owner_messages (sender_key, created_at);
create index owner_messages_recipient_idx on owner_messages (recipient_id, created_at);

create trigger owner_messages_touch before update on owner_messages
  for each row execute function tagbook_touch_updated_at();
create trigger owner_messages_sync_lock before insert or update or delete on owner_messages
  for each statement execute function tagbook_sync_lock();
create trigger owner_messages_sync after insert or update or delete on owner_messages
  for each row execute function tagbook_sync_capture();
`;
