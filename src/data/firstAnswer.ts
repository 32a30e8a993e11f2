import type { ResolveResponse } from '../gen/tagbook/v1/qr_tag_pb.js';
import type { ListVehicleContentsResponse } from '../gen/tagbook/v1/vehicle_contents_pb.js';
import type { GetVehicleResponse } from '../gen/tagbook/v1/vehicle_pb.js';
import { FIRST_ANSWER_ELEMENT_ID } from '../domain/firstAnswer.js';

/**
 * A tag's first answer: what the server already knows about a scanned tag, sent inside the page it serves for the
 * tag's address (server/http/first-answer.ts), so a stranger's first scan shows its answer before the app's script,
 * the SDK or the local database have loaded. It holds exactly the RPC answers an anonymous caller gets: Resolve, and
 * for a vehicle that opens, GetVehicle, the profile's ListVehicleContents and download URLs of the files they show.
 * The pages read it only until the device's own database and the server's answers take over.
 */
export interface FirstAnswer {
  /** The code as the address gave it (Resolve's answer names the tag's own code). */
  hash: string;
  resolve: ResolveResponse;
  vehicle: GetVehicleResponse | null;
  profile: ListVehicleContentsResponse | null;
  /** Download URLs (GetDownloadSignedUrl) of the files the answer shows, by combined hash. */
  files: Record<string, string>;
}

/** What the app reads of the page (a Document). */
export interface PageElements {
  getElementById(id: string): { textContent: string | null; remove(): void } | null;
}

/** Whether the page came with a first answer: asked before loading what reads one (firstAnswerCodec.ts). */
export function pageHasFirstAnswer(doc: PageElements): boolean {
  return doc.getElementById(FIRST_ANSWER_ELEMENT_ID) !== null;
}

let current: FirstAnswer | null = null;

/** The answer the page came with, while it is still to be used; null otherwise. */
export function firstAnswer(): FirstAnswer | null {
  return current;
}

/** Sets the answer the page came with (src/features/tags/firstScan.ts, once, at start); null: none. */
export function setFirstAnswer(answer: FirstAnswer | null): void {
  current = answer;
}

/** Renders with `answer` as the page's first answer (the server's rendering of it): synchronous, so no call overlaps. */
export function withFirstAnswer<T>(answer: FirstAnswer, render: () => T): T {
  const before = current;
  current = answer;
  try {
    return render();
  } finally {
    current = before;
  }
}
