import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { mayAcceptTransfer, mayTransferVehicle } from '../../src/domain/access.js';
import { normalizeEmail } from '../../src/domain/credentials.js';
import { vehicleSummary } from '../../src/domain/historyReport.js';
import { isId, isLinkSecret, newId } from '../../src/domain/ids.js';
import { TRANSFER_LIFETIME_DAYS, TRANSFER_REFUSALS, transferState, type TransferState as State } from '../../src/domain/transfer.js';
import { isValidEmail } from '../../src/domain/validation.js';
import { vehicleDisplayName } from '../../src/domain/vehicleName.js';
import { transferPath } from '../../src/domain/routes.js';
import { TransferService, TransferState } from '../../src/gen/tagbook/v1/transfer_pb.js';
import { nameActor } from '../db/actor.js';
import { transferMail } from '../mail/messages.js';
import { storeMail } from '../mail/outbox.js';
import type { ServerContext } from '../rpc/context.js';
import { requireSession } from '../rpc/session-context.js';
import { vehicleNotFound } from '../vehicles/access.js';
import { setVehicleOwner, vehicleById } from '../vehicles/store.js';
import {
  cancelTransfer,
  displayNameOf,
  emailOf,
  hasWaitingTransfer,
  insertTransfer,
  lockTransfer,
  lockVehicleForHandover,
  markAccepted,
  newLinkSecret,
  removePrivateNotes,
  secretDigest,
  transferBySecret,
  vehicleSummaryInfo,
  type TransferRow,
} from './store.js';


const STATES: Record<State, TransferState> = {
  pending: TransferState.PENDING,
  accepted: TransferState.ACCEPTED,
  cancelled: TransferState.CANCELLED,
  expired: TransferState.EXPIRED,
};

const unknownLink = () => new ConnectError(TRANSFER_REFUSALS.unknownLink, Code.NotFound);

function stateOf(t: TransferRow): State {
  return transferState(
    { accepted_at: t.accepted_at?.toISOString() ?? null, cancelled_at: t.cancelled_at?.toISOString() ?? null, expires_at: t.expires_at.toISOString() },
    Date.now(),
  );
}

/** TransferService (transfer.proto): an owner hands their vehicle over; the account it is sent to accepts it. */
export function transferService(ctx: ServerContext): Partial<ServiceImpl<typeof TransferService>> {
  return {
    async startTransfer(req, hctx) {
      const { userId } = requireSession(hctx);
      const email = normalizeEmail(req.email);
      if (!isValidEmail(email)) throw new ConnectError('Type the new owner’s email address', Code.InvalidArgument);
      if (!isId(req.vehicleId)) throw vehicleNotFound();
      const secret = newLinkSecret();
      const result = await ctx.db.transaction(async (tx) => {
        const vehicle = await lockVehicleForHandover(tx, req.vehicleId);
        // Anyone but the owner hears what they would for a vehicle that does not exist.
        if (vehicle === undefined || !mayTransferVehicle({ userId, isAdmin: false, companyIds: new Set() }, vehicle.user_id)) throw vehicleNotFound();
        if (vehicle.owner_email === email) throw new ConnectError(TRANSFER_REFUSALS.toSelf, Code.InvalidArgument);
        if (await hasWaitingTransfer(tx, vehicle.id)) throw new ConnectError(TRANSFER_REFUSALS.pendingExists, Code.FailedPrecondition);
        const id = newId();
        const expiresAt = await insertTransfer(tx, {
          id, vehicleId: vehicle.id, userId, toEmail: email, keepPrivateNotes: req.keepPrivateNotes,
          tokenHash: secretDigest(secret), lifetimeDays: TRANSFER_LIFETIME_DAYS,
        });
        const mail = transferMail({
          from: vehicle.owner_name || 'A Tagbook owner', vehicle: vehicleDisplayName(vehicle.name),
          link: `${ctx.config.publicUrl}${transferPath(secret)}`, expiresOn: expiresAt.toISOString().slice(0, 10),
        });
        await storeMail(tx, { to: email, ...mail });
        return { transferId: id, expiresAt: BigInt(expiresAt.getTime()) };
      });
      ctx.mailer.later(() => ctx.mailer.deliverPending());
      return result;
    },

    async cancelTransfer(req, hctx) {
      const { userId } = requireSession(hctx);
      if (!isId(req.transferId)) throw new ConnectError('Transfer not found', Code.NotFound);
      await ctx.db.transaction(async (tx) => {
        const transfer = await lockTransfer(tx, req.transferId);
        if (transfer === undefined || transfer.user_id !== userId) throw new ConnectError('Transfer not found', Code.NotFound);
        if (stateOf(transfer) !== 'pending') throw new ConnectError(TRANSFER_REFUSALS.notPending, Code.FailedPrecondition);
        await cancelTransfer(tx, transfer.id);
      });
      return {};
    },

    async getTransfer(req) {
      if (!isLinkSecret(req.token)) throw unknownLink();
      const transfer = await transferBySecret(ctx.db, req.token);
      if (transfer === undefined) throw unknownLink();
      const vehicle = await vehicleById(ctx.db, transfer.vehicle_id);
      const info = await vehicleSummaryInfo(ctx.db, transfer.vehicle_id);
      const state = stateOf(transfer);
      return {
        state: STATES[state], vehicleName: vehicleDisplayName(vehicle?.name), vehicleSummary: vehicleSummary(info),
        fromName: (await displayNameOf(ctx.db, transfer.user_id)) || 'A Tagbook owner', toEmail: transfer.to_email,
        expiresAt: BigInt(transfer.expires_at.getTime()), keepPrivateNotes: transfer.keep_private_notes,
        vehicleId: state === 'accepted' ? transfer.vehicle_id : '',
      };
    },

    async acceptTransfer(req, hctx) {
      const { userId } = requireSession(hctx);
      if (!isLinkSecret(req.token)) throw unknownLink();
      const email = await emailOf(ctx.db, userId);
      return ctx.db.transaction(async (tx) => {
        const transfer = await transferBySecret(tx, req.token, true);
        if (transfer === undefined) throw unknownLink();
        if (stateOf(transfer) !== 'pending') throw new ConnectError(TRANSFER_REFUSALS.notPending, Code.FailedPrecondition);
        if (!mayAcceptTransfer(email === null ? null : { email }, transfer.to_email)) {
          throw new ConnectError(TRANSFER_REFUSALS.otherAccount, Code.PermissionDenied);
        }
        const vehicle = await lockVehicleForHandover(tx, transfer.vehicle_id);
        if (vehicle === undefined || vehicle.user_id !== transfer.user_id) throw new ConnectError(TRANSFER_REFUSALS.ownerChanged, Code.FailedPrecondition);
        if (!transfer.keep_private_notes) await removePrivateNotes(tx, vehicle.id, transfer.user_id);
        // The history trigger records the move with the new owner as its author; the vehicle's records, photos and
        // tags follow its owner (migration 0023), and its former owner's report links end (0029).
        await nameActor(tx, userId);
        await setVehicleOwner(tx, vehicle.id, userId);
        await markAccepted(tx, transfer.id, userId);
        return { vehicleId: vehicle.id };
      });
    },
  };
}
