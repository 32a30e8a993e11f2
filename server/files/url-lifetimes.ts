/** How long a signed upload or download URL works. An upload outliving it asks for a new one and continues. */
export const UPLOAD_URL_TTL_MS = 60 * 60_000;
export const DOWNLOAD_URL_TTL_MS = 60 * 60_000;
