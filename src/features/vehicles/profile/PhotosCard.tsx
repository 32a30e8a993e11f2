import { Card } from '../../../ui/Card.js';
import { AttachmentTile } from '../../../uploads/ui/AttachmentTile.js';
import { useOnline } from '../../../data/online.js';
import { Attachments } from '../../../uploads/ui/Attachments.js';
import type { Attachment } from '../../../uploads/queries.js';
import { useCurrentUser } from '../../../rpc/session.js';
import { mayRemoveFile } from '../../../domain/files.js';
import { canEdit, fileParty } from '../access.js';
import { saveCover } from '../data/writes.js';
import type { ProfileItem } from '../data/types.js';
import type { VehicleArea } from '../data/useVehicleArea.js';

/** A photo the server listed for the profile, as the attachments grid shows it (nothing of it is on this device). */
function listedAttachment(item: ProfileItem): Attachment {
  return {
    id: item.id,
    filename: item.photo!.filename,
    combinedHash: item.photo!.hash,
    type: item.photo!.type,
    userId: null,
    createdAt: item.created_at,
    localName: null,
    upload: null,
  };
}

/**
 * The vehicle's photos: the owner and admins add them (taken or picked, offline too), pick the cover and remove
 * them; having added a photo is no right once the vehicle is someone else's. Removing the cover photo leaves the vehicle without a cover. An
 * admin's device that has not synced the vehicle's files yet shows the photos the server listed (`listed`).
 */
export function PhotosCard({ area, listed }: { area: VehicleArea; listed: ProfileItem[] }) {
  const vehicle = area.vehicle!;
  const editable = canEdit(area.access);
  const me = useCurrentUser();
  return (
    <Card aria-labelledby="photos-title" data-photos="">
      <h2 id="photos-title">Photos</h2>
      <Attachments
        target={{ kind: 'vehicle', id: vehicle.id }}
        label="Add photos"
        photosOnly
        canAdd={editable}
        canRemove={(item) => mayRemoveFile(fileParty(area.access), me !== null && item.userId === me.id)}
        emptyText={editable ? 'Add photos of this vehicle: they are kept on this device until they are uploaded.' : 'No photos yet.'}
        listed={listed.map(listedAttachment)}
        cover={
          editable
            ? {
                hash: vehicle.cover ?? null,
                set: (hash) => {
                  saveCover(vehicle, hash).catch((error: unknown) => console.error('Could not set the cover', error));
                },
              }
            : undefined
        }
      />
    </Card>
  );
}

/**
 * The photos of a vehicle this device does not hold, as the server listed them for its public profile (kept with
 * the profile for offline revisits; each photo seen once stays on the device). Nothing to change here.
 */
export function ListedPhotosCard({ photos }: { photos: ProfileItem[] }) {
  const online = useOnline();
  return (
    <Card aria-labelledby="photos-title" data-photos="listed">
      <h2 id="photos-title">Photos</h2>
      <div className="attachments">
        <ul className="attachments__grid">
          {photos.map((item) => (
            <AttachmentTile
              key={item.id}
              item={listedAttachment(item)}
              online={online}
              canRemove={false}
              onRemove={() => undefined}
            />
          ))}
        </ul>
      </div>
    </Card>
  );
}
