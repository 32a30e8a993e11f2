import { isId } from './ids.js';
import { md5OfText } from './md5.js';

/**
 * The one definition of what a file upload may be (buckets, form files, bucket files and the Upload service):
 * limits, accepted types, the digests that name a file, and what a bucket is attached to. The server enforces
 * these; the device checks them first so a person hears at once, even offline.
 */

/** The largest file accepted: a phone's PDF scan or an unscaled photo fits; a video does not. */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;
/** The most files one AddFilesToBucket call (one pick) may add. */
export const FILES_PER_BUCKET_MAX = 20;
/** The longest filename kept (longer ones are cut, keeping the extension). */
export const FILENAME_MAX = 200;

/**
 * Photos are scaled on the device before upload so that phones on poor networks send little: the longer edge
 * becomes at most PHOTO_MAX_EDGE pixels (enough for a full-width view on a desktop screen and a sharp phone
 * view), re-encoded as JPEG at PHOTO_QUALITY. A photo already within the edge and smaller than its re-encoding is
 * sent as it is.
 */
export const PHOTO_MAX_EDGE = 1600;
export const PHOTO_QUALITY = 0.82;
/** Thumbnails kept on the device for offline galleries. */
export const THUMB_MAX_EDGE = 320;

/** Accepted MIME types, their stored extension, and the first bytes every such file starts with. */
export const ACCEPTED_FILE_TYPES = {
  'image/jpeg': { extension: 'jpg', image: true },
  'image/png': { extension: 'png', image: true },
  'image/webp': { extension: 'webp', image: true },
  'application/pdf': { extension: 'pdf', image: false },
} as const satisfies Record<string, { extension: string; image: boolean }>;

export type AcceptedType = keyof typeof ACCEPTED_FILE_TYPES;

export function isAcceptedType(type: unknown): type is AcceptedType {
  return typeof type === 'string' && Object.hasOwn(ACCEPTED_FILE_TYPES, type);
}

/** The accepted types that are pictures: scaled on the device, shown in galleries. */
export const IMAGE_TYPES: readonly AcceptedType[] = (Object.keys(ACCEPTED_FILE_TYPES) as AcceptedType[]).filter(
  (type) => ACCEPTED_FILE_TYPES[type].image,
);

export function isImageType(type: unknown): boolean {
  return isAcceptedType(type) && ACCEPTED_FILE_TYPES[type].image;
}

/** The `accept` attribute of file inputs. */
export const ACCEPT_ATTRIBUTE = Object.keys(ACCEPTED_FILE_TYPES).join(',');

/**
 * The type the bytes really are, from their first bytes (at least 12 are needed), or null when they are none of
 * the accepted types. The server stores a file only when this agrees with the declared type, so a page or script
 * can never be served as a picture.
 */
export function sniffType(head: Uint8Array): AcceptedType | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  if (at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

export const HASH_PATTERN = /^[0-9a-f]{32}$/;

export function isHash(value: unknown): value is string {
  return typeof value === 'string' && HASH_PATTERN.test(value);
}

export interface FileMetadata {
  type: string;
  size: number;
  /** Unix milliseconds. */
  lastModified: number;
  filename: string;
}

/**
 * The digests of upload.proto: file hash = MD5 of the bytes; metadata hash = MD5 of the metadata as one JSON
 * array (fixed order, so both sides agree byte for byte); combined hash = MD5 of the two joined by a colon. The
 * combined hash names one stored file.
 */
export function metadataHash(meta: FileMetadata): string {
  return md5OfText(JSON.stringify([meta.type, meta.size, meta.lastModified, meta.filename]));
}

export function combinedHash(fileHash: string, metaHash: string): string {
  return md5OfText(`${fileHash}:${metaHash}`);
}

/** A filename safe to store and show: no path, no control characters, at most FILENAME_MAX characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= FILENAME_MAX) return clean || 'file';
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, FILENAME_MAX - ext.length) + ext;
}

/**
 * What a bucket's files are attached to, written in its form_key as '<kind>/<id>': a vehicle's gallery, a note,
 * or a service request. Each pick of files goes into a new bucket, which the server locks once every file in it is
 * stored (a bucket is created, then locked, and never unlocked).
 */
export const ATTACHMENT_KINDS = ['vehicle', 'note', 'service_request'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export interface AttachmentTarget {
  kind: AttachmentKind;
  id: string;
}

export function formKey(target: AttachmentTarget): string {
  return `${target.kind}/${target.id}`;
}

export function parseFormKey(key: string): AttachmentTarget | null {
  const slash = key.indexOf('/');
  const kind = key.slice(0, slash) as AttachmentKind;
  const id = key.slice(slash + 1);
  if (slash < 0 || !ATTACHMENT_KINDS.includes(kind) || !isId(id)) return null;
  return { kind, id };
}

/**
 * Where someone stands, right now, towards a thing files are attached to: an administrator, the owner of
 * the vehicle it belongs to, or (for a service request) one of the current staff of the request's company.
 */
export interface AttachmentParty {
  isAdmin: boolean;
  ownsVehicle: boolean;
  staffOfRequest: boolean;
}

/**
 * Rights over files follow the thing they are attached to, never the act of adding them: whoever may edit the
 * thing now adds files to it and finishes uploading them; its vehicle's owner and admins remove any of its files,
 * its other editors those they added. Once the vehicle is sold, the job has ended or the request has moved, a
 * person keeps nothing of what they added there — not the download (that follows who may see the thing), not the
 * removal, not an upload they had begun.
 */
export function mayAttach(party: AttachmentParty): boolean {
  return party.isAdmin || party.ownsVehicle || party.staffOfRequest;
}

export function mayRemoveFile(party: AttachmentParty, addedIt: boolean): boolean {
  return party.isAdmin || party.ownsVehicle || (addedIt && mayAttach(party));
}
