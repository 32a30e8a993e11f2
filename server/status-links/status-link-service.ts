import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { mayShareRequestStatus } from '../../src/domain/access.js';
import { formKey } from '../../src/domain/files.js';
import { parsePhotoIds } from '../../src/domain/historyReport.js';
import { isId, isLinkSecret, newId } from '../../src/domain/ids.js';
import { statusLinkPath } from '../../src/domain/routes.js';
import { statusOf } from '../../src/domain/serviceStatus.js';
import { linkExpiresAt, linkWorks, STATUS_LINK_DAYS, STATUS_LINK_PHOTOS_MAX } from '../../src/domain/statusLink.js';
import { vehicleDisplayName } from '../../src/domain/vehicleName.js';
import { StatusLinkService } from '../../src/gen/tagbook/v1/status_link_pb.js';
import { loadActor } from '../db/actor.js';
import { signedForLink } from '../files/download-url.js';
import { newLinkSecret } from '../handover/store.js';
import { statusLinkMail } from '../mail/messages.js';
import { storeMail } from '../mail/outbox.js';
import type { ServerContext } from '../rpc/context.js';
import { requireSession } from '../rpc/session-context.js';
import { storedImages } from '../vehicles/store.js';
import { insertStatusLink, linkedRequest, requestWorkMs, revokeStatusLink, statusLinkById, statusLinkByToken, type LinkedRequest } from './store.js';

export const REQUEST_NOT_FOUND = 'Request not found';
export const STATUS_LINK_NOT_FOUND = 'This link does not work: the shop revoked it, or it has expired';

const iso = (d: Date | null) => d?.toISOString() ?? '';
const requestFacts = (r: LinkedRequest) => ({
  vehicle_service_status_id: r.vehicle_service_status_id, has_started: r.has_started, completed_at: r.completed_at?.toISOString() ?? null,
  updated_at: r.updated_at.toISOString(), deleted: r.deleted,
});
const requestPhotos = (ctx: ServerContext, requestId: string) => storedImages(ctx.db, formKey({ kind: 'service_request', id: requestId }), 500);

/** StatusLinkService (status_link.proto): a request's status shown to its customer by link. */
export function statusLinkService(ctx: ServerContext): Partial<ServiceImpl<typeof StatusLinkService>> {
  /** The request, when `userId` may share its status; refused as not_found otherwise (nothing is learnt). */
  async function sharable(userId: string, requestId: string): Promise<LinkedRequest & { company_id: string }> {
    const request = isId(requestId) ? await linkedRequest(ctx.db, requestId) : undefined;
    if (request === undefined || request.deleted || request.company_id === null || !mayShareRequestStatus(await loadActor(ctx.db, userId), request.company_id)) {
      throw new ConnectError(REQUEST_NOT_FOUND, Code.NotFound);
    }
    return request as LinkedRequest & { company_id: string };
  }

  return {
    async shareRequestStatus(req, hctx) {
      const { userId } = requireSession(hctx);
      const request = await sharable(userId, req.serviceRequestId);
      if (!(STATUS_LINK_DAYS as readonly number[]).includes(req.daysAfterClose)) {
        throw new ConnectError(`Keep a link ${STATUS_LINK_DAYS.join(', ')} days after the request closes`, Code.InvalidArgument);
      }
      const photos = new Set((await requestPhotos(ctx, request.id)).map((p) => p.id));
      if (req.photoIds.length > STATUS_LINK_PHOTOS_MAX || new Set(req.photoIds).size !== req.photoIds.length || req.photoIds.some((id) => !photos.has(id))) {
        throw new ConnectError('Pick photos of this request, each once', Code.InvalidArgument);
      }
      if (req.emailCustomer && request.customer_email === null) {
        throw new ConnectError('The vehicle’s customer has no email address: copy or share the link instead', Code.FailedPrecondition);
      }
      const id = newId();
      const token = newLinkSecret();
      await ctx.db.transaction(async (tx) => {
        await insertStatusLink(tx, {
          id, requestId: request.id, companyId: request.company_id, userId, token, photoIds: req.photoIds, showWorkTime: req.showWorkTime,
          daysAfterClose: req.daysAfterClose,
        });
        if (req.emailCustomer && request.customer_email !== null) {
          const mail = statusLinkMail({ shop: request.company_name ?? 'Your shop', vehicle: vehicleDisplayName(request.vehicle_name), link: `${ctx.config.publicUrl}${statusLinkPath(token)}` });
          await storeMail(tx, { to: request.customer_email, ...mail });
        }
      });
      if (req.emailCustomer) ctx.mailer.later(() => ctx.mailer.deliverPending());
      return { linkId: id, token, mailedTo: req.emailCustomer ? (request.customer_email ?? '') : '' };
    },

    async revokeStatusLink(req, hctx) {
      const { userId } = requireSession(hctx);
      const link = isId(req.linkId) ? await statusLinkById(ctx.db, req.linkId) : undefined;
      if (link === undefined || !mayShareRequestStatus(await loadActor(ctx.db, userId), link.company_id)) {
        throw new ConnectError('Link not found', Code.NotFound);
      }
      await revokeStatusLink(ctx.db, link.id);
      return {};
    },

    async getRequestStatus(req) {
      const notFound = () => new ConnectError(STATUS_LINK_NOT_FOUND, Code.NotFound);
      if (!isLinkSecret(req.token)) throw notFound();
      const link = await statusLinkByToken(ctx.db, req.token);
      const request = link === undefined ? undefined : await linkedRequest(ctx.db, link.service_request_id);
      // A request moved to another company ends the first company's links.
      if (link === undefined || request === undefined || request.company_id !== link.company_id) throw notFound();
      const facts = { revoked_at: link.revoked_at?.toISOString() ?? null, days_after_close: link.days_after_close };
      if (!linkWorks(facts, requestFacts(request), Date.now())) throw notFound();
      const wanted = new Set(parsePhotoIds(link.photo_ids));
      const photos = [];
      for (const photo of (await requestPhotos(ctx, request.id)).filter((p) => wanted.has(p.id))) {
        const url = await signedForLink(ctx.files, ctx.db, photo.filehash);
        if (url === null) continue;
        photos.push({ id: photo.id, type: photo.type, url });
      }
      return {
        companyName: request.company_name ?? '', vehicleName: vehicleDisplayName(request.vehicle_name), description: request.description,
        status: statusOf(requestFacts(request)), scheduleStart: iso(request.schedule_start), scheduleEnd: iso(request.schedule_end),
        requestedAt: iso(request.created_at), completedAt: iso(request.completed_at),
        workMs: link.show_work_time ? BigInt(await requestWorkMs(ctx.db, request.id)) : undefined,
        photos, expiresAt: BigInt(linkExpiresAt(facts, requestFacts(request)) ?? 0),
      };
    },
  };
}
