// A tag's first answer travels inside the page the server sends for the tag's address (server/http/first-answer.ts
// writes it, src/data/firstAnswerCodec.ts reads it): one JSON data element naming its parts, each RPC answer in the
// wire's own binary form, base64.

/**
 * The marks around the boot frame in the built index.html (build.mjs writes them): the server puts a tag's first
 * answer between them, in the frame's place (server/http/static.ts).
 */
export const FRAME_MARKS = { start: '<!--frame-->', end: '<!--/frame-->' } as const;

/** The id of the data element that carries a first answer in the page (never executed: a JSON data block). */
export const FIRST_ANSWER_ELEMENT_ID = 'tagbook-first-answer';

/** The answer as it travels: each RPC answer base64-encoded in its binary form; null where there is none. */
export interface FirstAnswerWire {
  /** The code as the address gave it. */
  hash: string;
  /** QrTagService.Resolve's answer. */
  resolve: string;
  /** VehicleService.GetVehicle's, for a vehicle the tag opens. */
  vehicle: string | null;
  /** VehicleContentsService.ListVehicleContents' (the profile), for that vehicle. */
  profile: string | null;
  /** Download URLs (UploadService.GetDownloadSignedUrl) of the files the answer shows, by combined hash. */
  files: Record<string, string>;
}

/** JSON that may stand as the text of a `<script>` element: no `<` (nor a JavaScript line break) survives. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
