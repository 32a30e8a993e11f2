import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { mayShareReport } from '../../src/domain/access.js';
import { buildHistoryReport, parsePhotoIds, REPORT_PHOTOS_MAX } from '../../src/domain/historyReport.js';
import { isId, isLinkSecret, newId } from '../../src/domain/ids.js';
import { HistoryReportService } from '../../src/gen/tagbook/v1/history_report_pb.js';
import type { ServerContext } from '../rpc/context.js';
import { requireSession } from '../rpc/session-context.js';
import { vehicleAccess, vehicleNotFound } from '../vehicles/access.js';
import { vehicleById } from '../vehicles/store.js';
import { reportablePhotos, reportMessage, reportSource } from './report.js';
import { insertShare, liveShareByToken, newLinkSecret, revokeShare, shareById } from './store.js';

export const REPORT_LINK_NOT_FOUND = 'This report link does not work: it was revoked, or never existed';

const linkNotFound = () => new ConnectError(REPORT_LINK_NOT_FOUND, Code.NotFound);

/** HistoryReportService (history_report.proto): a vehicle's history report shared by link, and revoked. */
export function historyReportService(ctx: ServerContext): Partial<ServiceImpl<typeof HistoryReportService>> {
  /** Whether `userId` may share (and revoke the links of) the vehicle's report now. */
  async function mayShare(vehicleId: string, userId: string): Promise<boolean> {
    const vehicle = await vehicleById(ctx.db, vehicleId);
    if (vehicle === null) return false;
    const access = await vehicleAccess(ctx.db, vehicle, userId);
    return access !== null && mayShareReport(access);
  }

  return {
    async shareReport(req, hctx) {
      const { userId } = requireSession(hctx);
      if (!isId(req.vehicleId) || !(await mayShare(req.vehicleId, userId))) throw vehicleNotFound();
      if (req.photoIds.length > REPORT_PHOTOS_MAX) {
        throw new ConnectError(`A report shows at most ${REPORT_PHOTOS_MAX} photos`, Code.InvalidArgument);
      }
      const photos = new Set((await reportablePhotos(ctx.db, req.vehicleId)).map((p) => p.id));
      if (req.photoIds.some((id) => !photos.has(id)) || new Set(req.photoIds).size !== req.photoIds.length) {
        throw new ConnectError('Pick photos of this vehicle, each once', Code.InvalidArgument);
      }
      const id = newId();
      const token = newLinkSecret();
      await insertShare(ctx.db, { id, vehicleId: req.vehicleId, userId, token, photoIds: req.photoIds });
      return { shareId: id, token };
    },

    async revokeReportShare(req, hctx) {
      const { userId } = requireSession(hctx);
      const share = isId(req.shareId) ? await shareById(ctx.db, req.shareId) : undefined;
      if (share === undefined || !(await mayShare(share.vehicle_id, userId))) throw new ConnectError('Report link not found', Code.NotFound);
      await revokeShare(ctx.db, share.id);
      return {};
    },

    async getSharedReport(req) {
      if (!isLinkSecret(req.token)) throw linkNotFound();
      const share = await liveShareByToken(ctx.db, req.token);
      // A link lives while whoever made it may still share the report: an admin who is one no longer ends theirs.
      if (share === undefined || !(await mayShare(share.vehicle_id, share.user_id))) throw linkNotFound();
      const source = await reportSource(ctx.db, share.vehicle_id, parsePhotoIds(share.photo_ids));
      if (source === null) throw linkNotFound();
      return { report: await reportMessage(ctx.db, ctx.files, buildHistoryReport(source)), generatedAt: BigInt(Date.now()) };
    },
  };
}
