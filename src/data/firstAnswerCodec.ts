import { fromBinary } from '@bufbuild/protobuf';
import { base64Decode } from '@bufbuild/protobuf/wire';
import type { FirstAnswerWire } from '../domain/firstAnswer.js';
import { ResolveResponseSchema } from '../gen/tagbook/v1/qr_tag_pb.js';
import { ListVehicleContentsResponseSchema } from '../gen/tagbook/v1/vehicle_contents_pb.js';
import { GetVehicleResponseSchema } from '../gen/tagbook/v1/vehicle_pb.js';
import type { FirstAnswer } from './firstAnswer.js';

// Read by the app only when a page has a first answer (src/features/tags/firstScan.ts), so none of this is in the
// shell every visit loads.

/** The answer back from the data element's text; null for anything that is not one (the page then resolves the tag). */
export function decodeFirstAnswer(text: string): FirstAnswer | null {
  try {
    const wire = JSON.parse(text) as FirstAnswerWire;
    if (typeof wire.hash !== 'string' || typeof wire.resolve !== 'string' || typeof wire.files !== 'object' || wire.files === null) {
      return null;
    }
    return {
      hash: wire.hash,
      resolve: fromBinary(ResolveResponseSchema, base64Decode(wire.resolve)),
      vehicle: typeof wire.vehicle === 'string' ? fromBinary(GetVehicleResponseSchema, base64Decode(wire.vehicle)) : null,
      profile: typeof wire.profile === 'string' ? fromBinary(ListVehicleContentsResponseSchema, base64Decode(wire.profile)) : null,
      files: Object.fromEntries(Object.entries(wire.files).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    };
  } catch {
    return null;
  }
}
