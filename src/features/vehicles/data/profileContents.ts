import { useEffect, useState } from 'react';
import { atLeast } from '../access.js';
import { useVehicleNotes } from './records.js';
import { fetchProfileContents, firstProfileItems, useCachedProfileItems } from './remote.js';
import type { ProfileItem } from './types.js';
import type { VehicleArea } from './useVehicleArea.js';

/**
 * What the public profile shows beyond the vehicle's fields (ListVehicleContents, app = profile): the notes its
 * owner made public, and its photos. The owner and admins read the notes from the notes they hold. Every device but
 * the owner's own asks the server, and the answer is kept for offline revisits: an admin's device holds a vehicle's
 * files only once the vehicle it opened has synced, and shows the listed photos until then.
 */
export function useProfileItems(area: VehicleArea, vehicleId: string): { status: 'loading' | 'ready'; items: ProfileItem[] } {
  const holdsNotes = area.source === 'local' || atLeast(area.access, 'owner');
  const asks = area.source !== 'local';
  const notes = useVehicleNotes(area, vehicleId);
  const cached = useCachedProfileItems(vehicleId);
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (!asks) return;
    let live = true;
    const ask = () =>
      fetchProfileContents(vehicleId).then(
        () => live && setAsked(true),
        (error: unknown) => {
          console.error('Could not read the profile', error);
          if (live) setAsked(true);
        },
      );
    void ask();
    window.addEventListener('online', ask);
    return () => {
      live = false;
      window.removeEventListener('online', ask);
    };
  }, [vehicleId, asks]);

  if (holdsNotes) {
    const items = notes.rows.filter((n) => n.is_public === 1).map((n) => ({ id: n.id, body: n.body ?? '', created_at: n.created_at ?? '' }));
    const photos = asks ? (cached.value ?? []).filter((item) => item.photo !== undefined) : [];
    return { status: notes.status, items: [...items, ...photos] };
  }
  // The page's first answer stands in for the cached one until the device holds its own.
  const value = cached.value ?? firstProfileItems(vehicleId);
  const waiting = value === null && (cached.status === 'loading' || !asked);
  return { status: waiting ? 'loading' : 'ready', items: value ?? [] };
}
