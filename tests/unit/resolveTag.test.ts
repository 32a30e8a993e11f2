import { describe, expect, it } from 'vitest';
import type { RemoteTag, TagTarget } from '../../src/data/tags.js';
import { resolveTag } from '../../src/features/tags/resolveTag.js';

const VEHICLE = 'AbCdEfGhIjKlMnOpQrStUv';

function deps(local: TagTarget | null, remote: RemoteTag | 'never', online = true) {
  const asked: string[] = [];
  return {
    asked,
    deps: {
      lookupLocal: async () => local,
      askServer: async (hash: string) => {
        asked.push(hash);
        if (remote === 'never') throw new Error('the server must not be asked');
        return remote;
      },
      isOnline: () => online,
    },
  };
}

describe('resolveTag: offline first, the server only for tags the device does not hold', () => {
  it('a tag on the device opens its target without asking the server, online or not', async () => {
    for (const online of [true, false]) {
      const { deps: d, asked } = deps({ targetId: VEHICLE, targetPath: '/vehicle' }, 'never', online);
      expect(await resolveTag('DEMOTAG00001', d)).toEqual({ kind: 'redirect', path: `/vehicle/${VEHICLE}` });
      expect(asked).toEqual([]);
    }
  });

  it('a free tag held on the device (admins hold them all) opens registration', async () => {
    const { deps: d } = deps({ targetId: null, targetPath: null }, 'never');
    expect(await resolveTag('DEMOFREE0001', d)).toEqual({ kind: 'redirect', path: '/register/DEMOFREE0001' });
  });

  it('unknown here and offline: says offline, asks nobody', async () => {
    const { deps: d, asked } = deps(null, 'never', false);
    expect(await resolveTag('DEMOTAG00001', d)).toEqual({ kind: 'offline' });
    expect(asked).toEqual([]);
  });

  it.each<[RemoteTag, unknown]>([
    [{ status: 'vehicle', vehicleId: VEHICLE, targetPath: '/vehicle', hash: 'NEWTAG0001' }, { kind: 'redirect', path: `/vehicle/${VEHICLE}` }],
    [{ status: 'unclaimed', hash: 'NEWTAG0001' }, { kind: 'redirect', path: '/register/NEWTAG0001' }],
    // A code typed in lower case opens the claim of the tag's own code.
    [{ status: 'unclaimed', hash: 'NewTag0001' }, { kind: 'redirect', path: '/register/NewTag0001' }],
    [{ status: 'private-vehicle' }, { kind: 'private-vehicle' }],
    // A replaced tag says so, and never leads to claiming it.
    [{ status: 'replaced' }, { kind: 'replaced' }],
    [{ status: 'not-found' }, { kind: 'not-found' }],
    [{ status: 'unreachable' }, { kind: 'offline' }],
  ])('unknown here, the server says %o', async (remote, outcome) => {
    const { deps: d, asked } = deps(null, remote);
    expect(await resolveTag('NEWTAG0001', d)).toEqual(outcome);
    expect(asked).toEqual(['NEWTAG0001']);
  });

  it('never follows a target path to another site', async () => {
    const { deps: d } = deps(null, { status: 'vehicle', vehicleId: VEHICLE, targetPath: '//evil.example', hash: 'NEWTAG0001' });
    expect(await resolveTag('NEWTAG0001', d)).toEqual({ kind: 'redirect', path: `/vehicle/${VEHICLE}` });
  });
});
