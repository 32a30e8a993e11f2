/**
 * 0014 — "applied once" without an end date. sync_upload_transactions remembers each transaction for 90 days (at
 * most 10,000 per user), and a device that came back after that and retried one had it applied again. Each device
 * (user, client id) now keeps the highest transaction id the server has answered: the PowerSync SDK numbers a
 * device's transactions in increasing order (ps_tx.next_tx, never reset while its client id lives) and uploads them
 * in that order, each only after the one before was answered, so any id at or below the mark was answered already.
 * One small row per device, kept as long as the device may come back; the detailed rows stay for recent ones.
 */
export default String.raw`
create table sync_upload_clients (
  user_id text not null references users (id) on delete cascade,
  client_id text not null,
  last_transaction_id bigint,
  updated_at timestamptz not null default now(),
  primary key (user_id, client_id)
);
create index sync_upload_clients_recent_idx on sync_upload_clients (user_id, updated_at desc);

insert into sync_upload_clients (user_id, client_id, last_transaction_id, updated_at)
select user_id, client_id, max(transaction_id), max(created_at) from sync_upload_transactions group by user_id, client_id;
`;
