import { UnsentMark } from '../../../ui/UnsentMark.js';
import { Suspense, useState, type ReactNode } from 'react';
import History from 'lucide-react/icons/history';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import Pencil from 'lucide-react/icons/pencil';
import { vehiclePath } from '../../../app/routes.js';
import { categoryLabel } from '../../../domain/vehicleCategories.js';
import { Button } from '../../../ui/Button.js';
import { ButtonLink } from '../../../ui/ButtonLink.js';
import { Card } from '../../../ui/Card.js';
import { LinkifiedText } from '../../../ui/links/LinkifiedText.js';
import { Loading } from '../../../ui/Loading.js';
import { canEdit } from '../access.js';
import { useProfileItems } from '../data/profileContents.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { formatDateTime } from '../format.js';
import { CoverPhoto } from './CoverPhoto.js';
import { ListedPhotosCard, PhotosCard } from './PhotosCard.js';
import { ProfileEditor } from './ProfileEditor.js';
import { SocialLinks } from './SocialLinks.js';
import { vehicleDisplayName } from '../../../domain/vehicleName.js';
import './profile.css';
import '../notes/notes.css';

/**
 * The profile: the cover, the description with its links as chips, category and type, the social links, and the
 * notes the owner made public. The owner and admins edit it here, and link a tag while the vehicle has none.
 */
export function ProfileSection({
  area,
  linkTag,
  contactOwner,
}: {
  area: VehicleArea;
  linkTag?: ((vehicleId: string) => ReactNode) | undefined;
  /** The way for anyone but its keepers to reach the owner through the vehicle's tag (another feature's). */
  contactOwner?: ((tagHash: string) => ReactNode) | undefined;
}) {
  const vehicle = area.vehicle!;
  const editable = canEdit(area.access);
  const [editing, setEditing] = useState(false);
  const contents = useProfileItems(area, vehicle.id);
  const items = { status: contents.status, items: contents.items.filter((item) => item.photo === undefined) };
  // The owner and admins hold the vehicle's files on the device (an admin's once the opened vehicle has synced; the
  // listed photos show until then); everyone else sees the photos the server listed.
  const holdsFiles = editable || area.source === 'local';
  const listedPhotos = contents.items.filter((item) => item.photo !== undefined);
  const name = vehicleDisplayName(vehicle.name);
  const category = categoryLabel(vehicle.category);
  return (
    <>
      <CoverPhoto name={name} category={vehicle.category} cover={vehicle.cover ?? null} />
      {editing ? (
        <Card aria-labelledby="edit-profile-title">
          <h2 id="edit-profile-title">Edit profile</h2>
          <ProfileEditor vehicle={vehicle} onDone={() => setEditing(false)} />
        </Card>
      ) : (
        <Card aria-labelledby="about-title" data-profile="">
          <div className="vehicle-section-head">
            <h2 id="about-title">About</h2>
            <UnsentMark table="vehicles" id={vehicle.id} />
            {editable && (
              <Button variant="secondary" icon={Pencil} onClick={() => setEditing(true)} data-action="edit-profile">
                Edit profile
              </Button>
            )}
          </div>
          {vehicle.description ? (
            <LinkifiedText className="vehicle-description" text={vehicle.description} />
          ) : (
            <p className="ui-muted">{editable ? 'No description yet: tell people about this vehicle.' : 'No description yet.'}</p>
          )}
          {(category || vehicle.type) && (
            <dl className="vehicle-facts">
              {category && (
                <div>
                  <dt>Category</dt>
                  <dd data-field="category">{category}</dd>
                </div>
              )}
              {vehicle.type && (
                <div>
                  <dt>Type</dt>
                  <dd>{vehicle.type}</dd>
                </div>
              )}
            </dl>
          )}
          <SocialLinks vehicle={vehicle} />
        </Card>
      )}
      {holdsFiles ? <PhotosCard area={area} listed={listedPhotos} /> : listedPhotos.length > 0 && <ListedPhotosCard photos={listedPhotos} />}
      {editable && area.tags.length === 0 && linkTag && <Suspense fallback={null}>{linkTag(vehicle.id)}</Suspense>}
      {/* Visitors see the owner's shared notes when there are some; the owner and admins see where they will go. */}
      {(editable || items.status === 'loading' || items.items.length > 0) && (
        <Card aria-labelledby="public-notes-title" data-profile-contents="">
          <h2 id="public-notes-title">From the owner</h2>
          {items.status === 'loading' ? (
            <Loading label="Loading the profile…" />
          ) : items.items.length === 0 ? (
            <p className="ui-muted">
              {editable ? 'Notes you mark “Show on the public profile” appear here.' : 'Nothing shared yet.'}
            </p>
          ) : (
            <ul className="notes-list">
              {items.items.map((item) => (
                <li key={item.id} className="note" data-profile-item={item.id}>
                  <time className="note__meta ui-muted" dateTime={item.created_at}>
                    {formatDateTime(item.created_at)}
                  </time>
                  <LinkifiedText className="note__body" text={item.body} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      {editable && (
        <Card aria-labelledby="story-title">
          <h2 id="story-title">The vehicle's story</h2>
          <p className="ui-muted">Notes, info changes, services, track days and owners, in time order.</p>
          <div className="ui-button-row">
            <ButtonLink to={vehiclePath(vehicle.id, 'logbook')} variant="secondary" icon={History} data-action="open-logbook">
              Logbook
            </ButtonLink>
            <ButtonLink to={vehiclePath(vehicle.id, 'notes')} variant="secondary" icon={NotebookPen}>
              Notes
            </ButtonLink>
          </div>
        </Card>
      )}
      {!editable && area.tags[0] !== undefined && contactOwner && <Suspense fallback={null}>{contactOwner(area.tags[0])}</Suspense>}
    </>
  );
}
