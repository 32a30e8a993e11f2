import { INFO_COLUMNS } from '../../../domain/vehicleReaders.js';

/** The profile fields the owner and admins edit (never the owner: that is an admin's move over RPC). */
export const PROFILE_FIELDS = ['name', 'description', 'category', 'type', 'instagram', 'facebook', 'tiktok', 'youtube', 'website', 'is_public'] as const;

/** The info fields the admin's form edits: all of the Info. */
export const INFO_FIELDS = INFO_COLUMNS;

/** The vehicle info fields as people read them; the logbook names changed fields with the same words. */
export const INFO_LABELS: Record<(typeof INFO_FIELDS)[number], string> = {
  category: 'Category',
  vin: 'VIN',
  make: 'Make',
  model: 'Model',
  year: 'Year',
  color: 'Color',
  state: 'State',
  license_plate: 'License plate',
  mods: 'Mods',
  notes: 'Notes',
  generation: 'Generation',
  customer_id: 'Customer',
};
