import { useEffect, useState } from 'react';
import { atLeast } from '../access.js';
import { useVehicleNotes } from './records.js';
import { fetchProfileContents, useCachedProfileItems } from './remote.js';
import type { ProfileItem } from './types.js';
import type { VehicleArea } from './useVehicleArea.js';

/**
 * What the public profile shows beyond the vehicle's fields (ListVehicleContents, app = profile): the notes its
 * owner made public. The owner and admins read them from the notes they hold; everyone else asks the server, and the
 * answer is kept for offline revisits.
 */
export function useProfileItems(area: VehicleArea, vehicleId: string): { status: 'loading' | 'ready'; items: ProfileItem[] } {
  const holdsNotes = area.source === 'local' || atLeast(area.access, 'owner');
  const notes = useVehicleNotes(area, vehicleId);
  const cached = useCachedProfileItems(vehicleId);
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (holdsNotes) return;
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
  }, [vehicleId, holdsNotes]);

  if (holdsNotes) {
    const items = notes.rows.filter((n) => n.is_public === 1).map((n) => ({ id: n.id, body: n.body ?? '', created_at: n.created_at ?? '' }));
    return { status: notes.status, items };
  }
  const waiting = cached.status === 'loading' || (cached.value === null && !asked);
  return { status: waiting ? 'loading' : 'ready', items: cached.value ?? [] };
}
