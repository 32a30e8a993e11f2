import { create } from '@bufbuild/protobuf';
import { afterEach, describe, expect, it } from 'vitest';
import { firstAnswerWire, type AnonymousAnswer } from '../../server/http/first-answer.js';
import { setFirstAnswer, type FirstAnswer } from '../../src/data/firstAnswer.js';
import { decodeFirstAnswer } from '../../src/data/firstAnswerCodec.js';
import { firstRemoteTag } from '../../src/data/tags.js';
import { scriptSafeJson } from '../../src/domain/firstAnswer.js';
import { ResolveResponseSchema, TagStatus } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { ListVehicleContentsResponseSchema, VehicleContentKind } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { GetVehicleResponseSchema, VehicleAccess } from '../../src/gen/tagbook/v1/vehicle_pb.js';

const VEHICLE_ID = 'aGFbNLuHF39mrp2BF-OSxQ';

function answer(status: TagStatus): AnonymousAnswer {
  const opens = status === TagStatus.VEHICLE;
  return {
    hash: 'demotag00004',
    resolve: create(ResolveResponseSchema, { status, hash: 'DEMOTAG00004', vehicleId: opens ? VEHICLE_ID : '', targetPath: opens ? '/vehicle' : '' }),
    vehicle: opens
      ? create(GetVehicleResponseSchema, {
          access: VehicleAccess.PUBLIC,
          vehicle: { id: VEHICLE_ID, name: 'Supra', description: 'Fast </script><script>x()</script> \u2028 car', isPublic: true, cover: 'c0ver' },
          tags: ['DEMOTAG00004'],
        })
      : null,
    profile: opens ? create(ListVehicleContentsResponseSchema, { contents: [{ id: 'p1', kind: VehicleContentKind.IMAGE, fileCombinedHash: 'c0ver', position: 1 }] }) : null,
    files: opens ? { c0ver: '/blobs/download/x?sig=1&exp=2' } : {},
  };
}

describe("a tag's first answer on its way through the page", () => {
  afterEach(() => setFirstAnswer(null));

  it('what the server writes, the app reads back whole', () => {
    for (const status of [TagStatus.VEHICLE, TagStatus.UNCLAIMED, TagStatus.PRIVATE_VEHICLE, TagStatus.NOT_FOUND]) {
      const sent = answer(status);
      expect(decodeFirstAnswer(scriptSafeJson(firstAnswerWire(sent)))).toEqual(sent);
    }
  });

  it('its text can never close the element that carries it, nor break a script', () => {
    const text = scriptSafeJson(firstAnswerWire(answer(TagStatus.VEHICLE)));
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(scriptSafeJson({ s: '</script>\u2028' })).toBe('{"s":"\\u003c/script>\\u2028"}');
    expect(JSON.parse(scriptSafeJson({ s: '</script>\u2028' }))).toEqual({ s: '</script>\u2028' });
  });

  it('anything else in its place is no answer: the page then resolves the tag itself', () => {
    const wire = firstAnswerWire(answer(TagStatus.VEHICLE));
    for (const text of ['', 'null', '{"hash":1}', JSON.stringify({ ...wire, resolve: 'not base64 protobuf!!' }), JSON.stringify({ ...wire, files: null })]) {
      expect(decodeFirstAnswer(text), text).toBeNull();
    }
  });

  it('speaks for the tag it is about, by the address\'s code or the tag\'s own, and for no other', () => {
    setFirstAnswer(decodeFirstAnswer(scriptSafeJson(firstAnswerWire(answer(TagStatus.PRIVATE_VEHICLE)))) as FirstAnswer);
    expect(firstRemoteTag('demotag00004')).toEqual({ status: 'private-vehicle' });
    expect(firstRemoteTag('DEMOTAG00004')).toEqual({ status: 'private-vehicle' });
    expect(firstRemoteTag('DEMOTAG00005')).toBeNull();
    setFirstAnswer(null);
    expect(firstRemoteTag('DEMOTAG00004')).toBeNull();
  });
});
