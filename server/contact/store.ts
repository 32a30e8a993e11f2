import type { Queryable } from '../db/db.js';

// The reads and writes of OwnerContactService (owner-contact-service.ts), over owner_messages (migration 0028).

/** Serialises the writers one limit counts: waits for any other transaction holding the same key. */
export async function lockFor(tx: Queryable, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
}

export type ContactVehicle = { user_id: string | null; contact_off: boolean; name: string | null; email: string | null };

/** The vehicle a tag leads to, with its owner's address for the mail. */
export async function vehicleForContact(tx: Queryable, vehicleId: string): Promise<ContactVehicle | undefined> {
  const [row] = await tx.query<ContactVehicle>(
    'select v.user_id, v.contact_off, v.name, u.email from vehicles v left join users u on u.id = v.user_id where v.id = $1',
    [vehicleId],
  );
  return row;
}

export type RecentMessages = { tag_hour: number; tag_day: number; sender_hour: number; owner_day: number };

/** What the last day holds of messages through this tag, from this sender and to this owner. */
export async function recentMessages(tx: Queryable, tagId: string, sender: string, ownerId: string): Promise<RecentMessages> {
  const [row] = await tx.query<RecentMessages>(
    `select count(*) filter (where tag_id = $1 and created_at > now() - interval '1 hour')::int as tag_hour,
            count(*) filter (where tag_id = $1)::int as tag_day,
            count(*) filter (where sender_key = $2 and created_at > now() - interval '1 hour')::int as sender_hour,
            count(*) filter (where recipient_id = $3)::int as owner_day
       from owner_messages
      where (tag_id = $1 or sender_key = $2 or recipient_id = $3) and created_at > now() - interval '1 day'`,
    [tagId, sender, ownerId],
  );
  return row ?? { tag_hour: 0, tag_day: 0, sender_hour: 0, owner_day: 0 };
}

export async function insertMessage(
  tx: Queryable,
  m: { id: string; vehicleId: string; recipientId: string; tagId: string; reason: string; body: string; replyEmail: string | null; sender: string },
): Promise<void> {
  await tx.query(
    `insert into owner_messages (id, vehicle_id, recipient_id, tag_id, reason, body, reply_email, can_reply, sender_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [m.id, m.vehicleId, m.recipientId, m.tagId, m.reason, m.body, m.replyEmail, m.replyEmail !== null, m.sender],
  );
}

export type MessageForReply = { recipient_id: string; reply_email: string | null; reply: string | null; tag_id: string; deleted: boolean };

/** A message, locked for its one answer. */
export async function messageForReply(tx: Queryable, id: string): Promise<MessageForReply | undefined> {
  const [row] = await tx.query<MessageForReply>(
    'select recipient_id, reply_email, reply, tag_id, deleted_at is not null as deleted from owner_messages where id = $1 for update',
    [id],
  );
  return row;
}

export async function storeReply(tx: Queryable, id: string, body: string): Promise<void> {
  await tx.query('update owner_messages set reply = $2, replied_at = now() where id = $1', [id, body]);
}
