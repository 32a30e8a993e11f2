import { worksFor } from '../../../src/domain/access.js';
import { mayRemoveFile, parseFormKey } from '../../../src/domain/files.js';
import { rememberRemoval, sweptFormFile } from '../../files/gone-files.js';
import { deny, FILE_NOT_YOURS, NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { str } from '../values.js';

/**
 * Files attached to a vehicle or a request. They come with their bytes through the Upload service, never as bare
 * rows, so through sync a form file can only be removed (a DELETE), by what the caller may do with what it is
 * attached to now (mayRemoveFile, src/domain/files.ts): the vehicle's owner any, the request's current staff those
 * they added; admins any. Having added the file is no right by itself. The stored bytes go once nothing refers to
 * them (the upload service's sweep).
 */
export const upload_form_files = {
  columns: {},
  // Admins included: files come with their bytes through the Upload service.
  forEveryone: (w) => (w.kind === 'DELETE' ? null : deny('Files are added through the upload service')),
  forOthersThanAdmins: async (w, actor, lookups) => {
    if (w.current === null) return NO_SUCH_ROW;
    // What it is attached to: its bucket's target, or for a file the sweep took with its bucket, the one kept of it.
    const target = (await lookups.bucketTarget(str(w.current.upload_form_id) ?? '')) ?? parseFormKey(str(w.current.form_key) ?? '');
    const vehicleId = str(w.current.vehicle_id);
    // A deleted request is read-only, its files included: its staff no longer remove them.
    const request = target?.kind === 'service_request' ? await lookups.request(target.id) : undefined;
    const party = {
      isAdmin: actor.isAdmin,
      ownsVehicle: vehicleId !== null && (await lookups.vehicleOwner(vehicleId)) === actor.userId,
      staffOfRequest: request !== undefined && !request.deleted && worksFor(actor, request.companyId),
    };
    return mayRemoveFile(party, w.current.user_id === actor.userId) ? null : FILE_NOT_YOURS;
  },
  missingRow: NO_SUCH_ROW,
  // A form file the sweep took is still there to remove: the device that added it would bring it back otherwise.
  goneRow: sweptFormFile,
  onDelete: rememberRemoval,
} satisfies TableWrites;
