import { isImageType } from '../../src/domain/files.js';
import { DOWNLOAD_URL_TTL_MS } from './url-lifetimes.js';

/** The headers of a download that an S3 presigned GET can be told to send (its response-* overrides). */
export interface DownloadHeaders {
  'content-type': string;
  'content-disposition': string;
  'cache-control': string;
}

/**
 * How a stored file is handed to a browser, by either store: under its type, which finalize checked against the
 * bytes; a picture inline, anything else (a PDF) as an attachment that is saved, never opened as a page of the origin
 * serving it. An S3 store cannot be told to send nosniff or a sandboxing CSP, so this rule alone must keep its
 * downloads harmless; our own server adds those headers besides (OWN_SERVER_DOWNLOAD_HEADERS).
 */
export function downloadHeaders(file: { type: string | null; filename: string | null }): DownloadHeaders {
  const type = file.type ?? 'application/octet-stream';
  return {
    'content-type': type,
    'content-disposition': `${isImageType(type) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename ?? 'file')}`,
    // A download URL names one immutable blob and stops working when it expires.
    'cache-control': `private, max-age=${DOWNLOAD_URL_TTL_MS / 1000}, immutable`,
  };
}

/** What our own server sends with every download on top of downloadHeaders(). */
export const OWN_SERVER_DOWNLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;
