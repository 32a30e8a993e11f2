import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Code, ConnectError, createClient, createRouterTransport, type ConnectRouter, type Interceptor } from '@connectrpc/connect';
import { toBinary } from '@bufbuild/protobuf';
import { base64Encode } from '@bufbuild/protobuf/wire';
import { FIRST_ANSWER_ELEMENT_ID, scriptSafeJson, type FirstAnswerWire } from '../../src/domain/firstAnswer.js';
import { matchRoute } from '../../src/domain/routes.js';
import { QrTagService, ResolveResponseSchema, TagStatus, type ResolveResponse } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import {
  App,
  ListVehicleContentsResponseSchema,
  VehicleContentKind,
  VehicleContentsService,
  type ListVehicleContentsResponse,
} from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { GetVehicleResponseSchema, VehicleService, type GetVehicleResponse } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { readCookie, SESSION_COOKIE } from '../accounts/cookies.js';
import { isDatabaseUnavailable } from '../db/errors.js';

// A stranger's first scan answers in one round trip: the page served for a tag's address carries the tag's answer,
// rendered by the app's own pages, so it shows before any script has run (src/data/firstAnswer.ts). The answer is
// made of the RPC answers an anonymous caller gets, asked through the same services and interceptors the RPC
// endpoint runs, in process: it reveals exactly what Resolve (and GetVehicle, for a vehicle it opens) reveals to a
// visitor, and nothing of who else might be asking (a navigation carries no session).

/**
 * What an anonymous caller is told about a tag: Resolve's answer, and for a vehicle it opens, GetVehicle's, the
 * profile's ListVehicleContents' and the download URLs of the files they show (by combined hash). The app reads the
 * same shape back (src/data/firstAnswer.ts FirstAnswer).
 */
export interface AnonymousAnswer {
  hash: string;
  resolve: ResolveResponse;
  vehicle: GetVehicleResponse | null;
  profile: ListVehicleContentsResponse | null;
  files: Record<string, string>;
}

/** Renders an answer as the page's root markup, and says at which address the app shows it. */
export type FirstAnswerRenderer = (answer: AnonymousAnswer, origin: string) => { html: string; path: string; title: string };

export interface FirstAnswerPage {
  /** What goes inside the page's root element: the rendered page and the answer's data element. */
  root: string;
  /** The address the page stands for (the vehicle's, the claim page's, or the tag's own). */
  path: string;
  /** The document's title, as the app sets it for that page (plain text). */
  title: string;
  /** The pictures a person waits for on it (the cover photo), to be asked for before anything else. */
  images: string[];
}

/**
 * The renderer, built from the app's pages with the app's build settings (build.mjs): beside the server's bundle, or,
 * for the server run from source (as under the tests), in the build's output. Null, and said once, when there is
 * none: tags then get the plain shell, which resolves them as before.
 */
export async function loadFirstAnswerRenderer(): Promise<FirstAnswerRenderer | null> {
  const url = [new URL('./first-answer-frame.mjs', import.meta.url), new URL('../../dist/server/first-answer-frame.mjs', import.meta.url)].find(
    (candidate) => existsSync(fileURLToPath(candidate)),
  );
  if (url === undefined) {
    console.warn('first answers are off: their renderer is not built (npm run build)');
    return null;
  }
  try {
    const module = (await import(url.href)) as { firstAnswerHtml: FirstAnswerRenderer };
    return module.firstAnswerHtml;
  } catch (error) {
    console.warn('first answers are off: their renderer did not load:', error instanceof Error ? error.message : error);
    return null;
  }
}

/** The answer as it travels in the page (src/domain/firstAnswer.ts). */
export function firstAnswerWire(answer: AnonymousAnswer): FirstAnswerWire {
  return {
    hash: answer.hash,
    resolve: base64Encode(toBinary(ResolveResponseSchema, answer.resolve)),
    vehicle: answer.vehicle === null ? null : base64Encode(toBinary(GetVehicleResponseSchema, answer.vehicle)),
    profile: answer.profile === null ? null : base64Encode(toBinary(ListVehicleContentsResponseSchema, answer.profile)),
    files: answer.files,
  };
}

/** The data element the app reads the answer from; its text cannot close the element. */
function firstAnswerElement(answer: AnonymousAnswer): string {
  return `<script type="application/json" id="${FIRST_ANSWER_ELEMENT_ID}">${scriptSafeJson(firstAnswerWire(answer))}</script>`;
}

/**
 * The first answer for an address, or null when it is not a tag's or the answer cannot be had (the database away:
 * the plain shell then resolves the tag as it always did). `routes` and `interceptors` are the RPC endpoint's.
 */
export function createFirstAnswers(options: {
  routes: (router: ConnectRouter) => void;
  interceptors: Interceptor[];
  render: FirstAnswerRenderer;
  origin: string;
}): (req: IncomingMessage, pathname: string) => Promise<FirstAnswerPage | null> {
  const transport = createRouterTransport(options.routes, { router: { interceptors: options.interceptors } });
  const clients = {
    tags: createClient(QrTagService, transport),
    vehicles: createClient(VehicleService, transport),
    contents: createClient(VehicleContentsService, transport),
    uploads: createClient(UploadService, transport),
  };
  return async (req, pathname) => {
    const route = matchRoute(pathname);
    if (route.name !== 'tag') return null;
    // A browser someone is signed in on (it holds the session cookie, which proves nothing alone) gets the plain
    // shell: its device resolves the tag for that person, who may see more than a stranger (their own private
    // vehicle), and must not first be shown a stranger's answer.
    if (readCookie(req.headers.cookie ?? null, SESSION_COOKIE)) return null;
    try {
      const answer = await askAnonymously(clients, route.hash);
      const { html, path, title } = options.render(answer, options.origin);
      const cover = answer.vehicle?.vehicle?.cover ?? '';
      const images = cover !== '' && answer.files[cover] !== undefined ? [answer.files[cover]] : [];
      return { root: html + firstAnswerElement(answer), path, title, images };
    } catch (error) {
      // A code the resolver refuses, or a vehicle that changed between the questions (made private, removed): the
      // plain shell asks again.
      if (error instanceof ConnectError && (error.code === Code.InvalidArgument || error.code === Code.NotFound)) return null;
      if (isDatabaseUnavailable(error) || (error instanceof ConnectError && error.code === Code.Unavailable)) {
        console.warn('first answer skipped: the database is unavailable');
      } else {
        console.error('first answer failed', pathname, error);
      }
      return null;
    }
  };
}

type Clients = {
  tags: ReturnType<typeof createClient<typeof QrTagService>>;
  vehicles: ReturnType<typeof createClient<typeof VehicleService>>;
  contents: ReturnType<typeof createClient<typeof VehicleContentsService>>;
  uploads: ReturnType<typeof createClient<typeof UploadService>>;
};

/** What an anonymous caller is told about the tag `hash`, and, for a vehicle it opens, about that vehicle. */
async function askAnonymously(clients: Clients, hash: string): Promise<AnonymousAnswer> {
  const resolve = await clients.tags.resolve({ hash });
  if (resolve.status !== TagStatus.VEHICLE) return { hash, resolve, vehicle: null, profile: null, files: {} };
  const { vehicleId } = resolve;
  const [vehicle, profile] = await Promise.all([
    clients.vehicles.getVehicle({ vehicleId }),
    clients.contents.listVehicleContents({ vehicleId, app: App.PROFILE }),
  ]);
  // The files the profile shows: its cover and its photos, each as GetDownloadSignedUrl gives it to this caller.
  const hashes = new Set<string>();
  if (vehicle.vehicle?.cover) hashes.add(vehicle.vehicle.cover);
  for (const item of profile.contents) if (item.kind === VehicleContentKind.IMAGE && item.fileCombinedHash) hashes.add(item.fileCombinedHash);
  const files: Record<string, string> = {};
  await Promise.all(
    [...hashes].map(async (combinedHash) => {
      try {
        files[combinedHash] = (await clients.uploads.getDownloadSignedUrl({ combinedHash })).downloadUrl;
      } catch (error) {
        // A file not uploaded yet (or gone) shows as the app shows it: its placeholder.
        if (!(error instanceof ConnectError && error.code === Code.NotFound)) throw error;
      }
    }),
  );
  return { hash, resolve, vehicle, profile, files };
}
