import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { isTagHash, newId } from '../../src/domain/ids.js';
import { CONTACT_LIMITS, CONTACT_REFUSALS, isReplyAddress, messageProblem } from '../../src/domain/ownerContact.js';
import { OwnerContactService } from '../../src/gen/tagbook/v1/owner_contact_pb.js';
import type { Queryable } from '../db/db.js';
import { ownerMessageMail, replyMail } from '../mail/messages.js';
import { storeMail } from '../mail/outbox.js';
import type { ServerContext } from '../rpc/context.js';
import { CLIENT_ADDRESS, requireSession } from '../rpc/session-context.js';
import { tagByCode } from '../tags/store.js';
import { vehiclePath } from '../../src/domain/routes.js';
import { vehicleDisplayName } from '../../src/domain/vehicleName.js';

/** What people type, as stored: one Unicode form, no control characters but line breaks, no outer blanks. */
function cleanText(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
}

/**
 * Serialises the writers the limits count, so concurrent senders cannot all slip under a limit: first the sender's
 * lock, then the owner's (always in that order, so two transactions never wait on each other).
 */
async function lock(tx: Queryable, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
}

type Recent = { tag_hour: number; tag_day: number; sender_hour: number; owner_day: number };

async function recentMessages(tx: Queryable, tagId: string, sender: string, ownerId: string): Promise<Recent> {
  const [row] = await tx.query<Recent>(
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

function limitReached(recent: Recent): string | null {
  if (recent.sender_hour >= CONTACT_LIMITS.perSenderPerHour) return CONTACT_REFUSALS.sender;
  if (recent.tag_hour >= CONTACT_LIMITS.perTagPerHour || recent.tag_day >= CONTACT_LIMITS.perTagPerDay) return CONTACT_REFUSALS.tag;
  if (recent.owner_day >= CONTACT_LIMITS.perOwnerPerDay) return CONTACT_REFUSALS.owner;
  return null;
}

/** OwnerContactService (owner_contact.proto): a stranger reaches a vehicle's owner through its tag, and back once. */
export function ownerContactService(ctx: ServerContext): Partial<ServiceImpl<typeof OwnerContactService>> {
  return {
    async sendToOwner(req, hctx) {
      if (!isTagHash(req.tagHash)) throw new ConnectError('A tag hash is 8 to 16 letters or digits', Code.InvalidArgument);
      const body = cleanText(req.body);
      const problem = messageProblem(req.reason, body);
      if (problem !== null) throw new ConnectError(problem, Code.InvalidArgument);
      const replyEmail = req.replyEmail.trim();
      if (replyEmail !== '' && !isReplyAddress(replyEmail)) {
        throw new ConnectError('Type an email address an answer can reach, or leave it empty', Code.InvalidArgument);
      }
      const sender = hctx.values.get(CLIENT_ADDRESS);
      // Unknown and unclaimed tags answer alike: what Resolve says already, nothing more.
      const tag = await tagByCode(ctx.db, req.tagHash);
      if (tag === null || tag.target_id === null) throw new ConnectError(CONTACT_REFUSALS.noOwner, Code.NotFound);
      const vehicleId = tag.target_id;
      await ctx.db.transaction(async (tx) => {
        await lock(tx, `contact-sender:${sender}`);
        const [vehicle] = await tx.query<{ user_id: string | null; contact_off: boolean; name: string | null; email: string | null }>(
          'select v.user_id, v.contact_off, v.name, u.email from vehicles v left join users u on u.id = v.user_id where v.id = $1',
          [vehicleId],
        );
        if (vehicle === undefined || vehicle.user_id === null) throw new ConnectError(CONTACT_REFUSALS.noOwner, Code.NotFound);
        if (vehicle.contact_off) throw new ConnectError(CONTACT_REFUSALS.off, Code.FailedPrecondition);
        await lock(tx, `contact-owner:${vehicle.user_id}`);
        const refusal = limitReached(await recentMessages(tx, tag.id, sender, vehicle.user_id));
        if (refusal !== null) throw new ConnectError(refusal, Code.ResourceExhausted);
        const id = newId();
        await tx.query(
          `insert into owner_messages (id, vehicle_id, recipient_id, tag_id, reason, body, reply_email, can_reply, sender_key)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [id, vehicleId, vehicle.user_id, tag.id, req.reason, body, replyEmail || null, replyEmail !== '', sender],
        );
        if (vehicle.email) {
          const mail = ownerMessageMail({
            vehicle: vehicleDisplayName(vehicle.name), reason: req.reason, body, canReply: replyEmail !== '',
            link: `${ctx.config.publicUrl}${vehiclePath(vehicleId, 'messages')}`,
          });
          await storeMail(tx, { to: vehicle.email, ...mail });
        }
      });
      ctx.mailer.later(() => ctx.mailer.deliverPending());
      return {};
    },

    async replyToMessage(req, hctx) {
      const { userId } = requireSession(hctx);
      const body = cleanText(req.body);
      if (body === '') throw new ConnectError('Write your answer', Code.InvalidArgument);
      if (body.length > CONTACT_LIMITS.reply) throw new ConnectError(`Keep it under ${CONTACT_LIMITS.reply} characters`, Code.InvalidArgument);
      await ctx.db.transaction(async (tx) => {
        const [message] = await tx.query<{ recipient_id: string; reply_email: string | null; reply: string | null; tag_id: string; deleted: boolean }>(
          'select recipient_id, reply_email, reply, tag_id, deleted_at is not null as deleted from owner_messages where id = $1 for update',
          [req.messageId],
        );
        if (message === undefined || message.recipient_id !== userId || message.deleted) throw new ConnectError('Message not found', Code.NotFound);
        if (message.reply_email === null) throw new ConnectError('The sender left no way to answer', Code.FailedPrecondition);
        if (message.reply !== null) throw new ConnectError('This message was answered already', Code.FailedPrecondition);
        await tx.query('update owner_messages set reply = $2, replied_at = now() where id = $1', [req.messageId, body]);
        await storeMail(tx, { to: message.reply_email, ...replyMail({ tag: message.tag_id, body }) });
      });
      ctx.mailer.later(() => ctx.mailer.deliverPending());
      return {};
    },
  };
}
