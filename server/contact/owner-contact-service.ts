import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { isTagHash, newId } from '../../src/domain/ids.js';
import { CONTACT_LIMITS, CONTACT_REFUSALS, isReplyAddress, messageProblem, senderKey } from '../../src/domain/ownerContact.js';
import { OwnerContactService } from '../../src/gen/tagbook/v1/owner_contact_pb.js';
import { ownerMessageMail, replyMail } from '../mail/messages.js';
import { storeMail } from '../mail/outbox.js';
import type { ServerContext } from '../rpc/context.js';
import { CLIENT_ADDRESS, requireSession } from '../rpc/session-context.js';
import { tagByCode } from '../tags/store.js';
import { insertMessage, lockFor, messageForReply, recentMessages, storeReply, vehicleForContact, type RecentMessages } from './store.js';
import { vehiclePath } from '../../src/domain/routes.js';
import { vehicleDisplayName } from '../../src/domain/vehicleName.js';

/** What people type, as stored: one Unicode form, no control characters but line breaks, no outer blanks. */
function cleanText(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
}

function limitReached(recent: RecentMessages): string | null {
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
      const sender = senderKey(hctx.values.get(CLIENT_ADDRESS));
      // Unknown and unclaimed tags answer alike: what Resolve says already, nothing more.
      const tag = await tagByCode(ctx.db, req.tagHash);
      if (tag === null || tag.target_id === null) throw new ConnectError(CONTACT_REFUSALS.noOwner, Code.NotFound);
      const vehicleId = tag.target_id;
      await ctx.db.transaction(async (tx) => {
        // The sender's lock, then the owner's, always in that order: concurrent senders cannot all slip under a
        // limit, and two transactions never wait on each other.
        await lockFor(tx, `contact-sender:${sender}`);
        const vehicle = await vehicleForContact(tx, vehicleId);
        if (vehicle === undefined || vehicle.user_id === null) throw new ConnectError(CONTACT_REFUSALS.noOwner, Code.NotFound);
        if (vehicle.contact_off) throw new ConnectError(CONTACT_REFUSALS.off, Code.FailedPrecondition);
        await lockFor(tx, `contact-owner:${vehicle.user_id}`);
        const refusal = limitReached(await recentMessages(tx, tag.id, sender, vehicle.user_id));
        if (refusal !== null) throw new ConnectError(refusal, Code.ResourceExhausted);
        const id = newId();
        await insertMessage(tx, { id, vehicleId, recipientId: vehicle.user_id, tagId: tag.id, reason: req.reason, body, replyEmail: replyEmail || null, sender });
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
        const message = await messageForReply(tx, req.messageId);
        if (message === undefined || message.recipient_id !== userId || message.deleted) throw new ConnectError('Message not found', Code.NotFound);
        if (message.reply_email === null) throw new ConnectError('The sender left no way to answer', Code.FailedPrecondition);
        if (message.reply !== null) throw new ConnectError('This message was answered already', Code.FailedPrecondition);
        await storeReply(tx, req.messageId, body);
        await storeMail(tx, { to: message.reply_email, ...replyMail({ tag: message.tag_id, body }) });
      });
      ctx.mailer.later(() => ctx.mailer.deliverPending());
      return {};
    },
  };
}
