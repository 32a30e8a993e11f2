import { formKey, IMAGE_TYPES } from '../../src/domain/files.js';
import { FileState } from '../../src/gen/tagbook/v1/upload_pb.js';
import type { Queryable } from '../db/db.js';

// What the vehicle services read and write of vehicles, their owners and their profile's contents; what GetVehicle
// answers beyond the vehicle row is read by records.ts.

export type VehicleRow = {
  id: string;
  name: string | null;
  description: string | null;
  category: number | null;
  type: string | null;
  instagram: string | null;
  facebook: string | null;
  tiktok: string | null;
  youtube: string | null;
  website: string | null;
  cover: string | null;
  vin: string | null;
  is_public: boolean;
  user_id: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The vehicle's own row, or null when there is no such vehicle. */
export async function vehicleById(db: Queryable, vehicleId: string): Promise<VehicleRow | null> {
  const [vehicle] = await db.query<VehicleRow>(
    `select id, name, description, category, type, instagram, facebook, tiktok, youtube, website, cover, vin,
            is_public, user_id, created_at, updated_at
       from vehicles where id = $1`,
    [vehicleId],
  );
  return vehicle ?? null;
}

/**
 * The vehicle's owner (user_id null: none), or null when there is no such vehicle. Locks the vehicle's row until the
 * caller's transaction ends, so its owner cannot change meanwhile.
 */
export async function lockVehicleOwner(tx: Queryable, vehicleId: string): Promise<{ user_id: string | null } | null> {
  const [vehicle] = await tx.query<{ user_id: string | null }>('select user_id from vehicles where id = $1 for update', [vehicleId]);
  return vehicle ?? null;
}

export type PersonRow = { id: string; display_name: string; email: string };

/** The account using this (normalized) email, or null. */
export async function userByEmail(db: Queryable, email: string): Promise<PersonRow | null> {
  const [user] = await db.query<PersonRow>('select id, display_name, email from users where email = $1', [email]);
  return user ?? null;
}

/** Gives the vehicle to another owner. */
export async function setVehicleOwner(tx: Queryable, vehicleId: string, ownerId: string): Promise<void> {
  await tx.query('update vehicles set user_id = $1 where id = $2', [ownerId, vehicleId]);
}

export type PublicNoteRow = { id: string; body: string; created_at: Date; updated_at: Date };

/** The vehicle's live notes marked public, newest first, at most `limit`. */
export async function publicNotes(db: Queryable, vehicleId: string, limit: number): Promise<PublicNoteRow[]> {
  return db.query<PublicNoteRow>(
    `select id, body, created_at, updated_at from vehicle_notes
      where vehicle_id = $1 and is_public and deleted_at is null
      order by created_at desc, id limit $2`,
    [vehicleId, limit],
  );
}

export type ProfilePhotoRow = {
  id: string;
  filehash: string;
  type: string;
  filename: string | null;
  description: string | null;
  created_at: Date;
  updated_at: Date;
};

/**
 * The vehicle's photos in the order they were added, at most `limit`: only images whose adder stored their bytes,
 * as downloads require (server/files/access.ts), so each can be downloaded.
 */
export async function profilePhotos(db: Queryable, vehicleId: string, limit: number): Promise<ProfilePhotoRow[]> {
  return storedImages(db, formKey({ kind: 'vehicle', id: vehicleId }), limit);
}

/** The images attached under `key` (a form key) whose adder stored their bytes, in the order they were added. */
export async function storedImages(db: Queryable, key: string, limit: number): Promise<ProfilePhotoRow[]> {
  return db.query<ProfilePhotoRow>(
    `select ff.id, bf.filehash, bf.type, ff.filename, ff.description, ff.created_at, ff.updated_at
       from upload_form_files ff
       join upload_buckets b on b.id = ff.upload_form_id
       join bucket_files bf on bf.id = ff.upload_bucket_file_id
       join bucket_file_holders h on h.bucket_file_id = bf.id and h.user_id = ff.user_id
      where b.form_key = $1 and bf.state = ${FileState.DOWNLOADED_OK} and bf.type = any($2::text[])
      order by ff.created_at, ff.sort_order, ff.id limit $3`,
    [key, IMAGE_TYPES, limit],
  );
}
