import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { WORK_START } from '../../src/domain/worktime.js';
import { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { buildCompanyFixture, inEveryState, STATES, type Answers, type CompanyFixture, type State } from '../helpers/company-fixture.js';
import { outcome } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { describeFile, jpegBytes } from '../helpers/files.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

/**
 * Every way a company's requests, their work time and their files are written — sync uploads and the Upload service —
 * per caller and with each parent soft-deleted in turn: an employee writes while their link is current and the
 * company stands; an ended or future link never; nothing is opened on a deleted customer's vehicle or for a deleted
 * company, by anyone; a deleted request is read-only, its work time included, and only an administrator restores it.
 * (The company itself, its customers and employees: company-guards-company.test.ts.)
 */
describe.each(backends)("who writes a company's requests, work time and files, on %s", (backend) => {
  let server: TestServer;
  let world: CompanyFixture;
  const nobodyElse = { ended: 'not_found', future: 'not_found', stranger: 'not_found', anonymous: 'unauthenticated' } as const;

  beforeAll(async () => {
    server = await startTestServer(backend);
    world = await buildCompanyFixture(server);
  });
  afterAll(async () => server?.stop());

  /** Puts the request back as `state` has it, after a caller may have restored it. */
  const keepState = async (state: State) => {
    if (state === 'request deleted') await server.db.query('update service_requests set deleted_at = now() where id = $1', [world.ids.request]);
  };

  it('opening a request on the customer’s vehicle for the company: its owner, admins and current employees, while customer and company stand', async () => {
    const opened = await world.answers((caller) =>
      world.upload(caller, 'PUT', 'service_requests', newId(), { vehicle_id: world.ids.vehicle, company_id: world.ids.company, description: 'Oil leak' }),
    );
    expect(opened).toEqual(
      inEveryState({ owner: 'ok', admin: 'ok', current: 'ok', ...nobodyElse }, {
        'customer deleted': { current: 'not_found' },
        'company deleted': { current: 'not_found', owner: 'invalid_value', admin: 'invalid_value' },
      }),
    );
  });

  it('a request its owner opens without a company goes to the company whose customer owns the vehicle, while both stand', async () => {
    const companyOf: Partial<Record<State, string | null>> = {};
    for (const state of STATES) {
      companyOf[state] = await world.inState(state, async () => {
        const id = newId();
        expect(await world.upload('owner', 'PUT', 'service_requests', id, { vehicle_id: world.ids.vehicle, description: 'Rattle' })).toBe('ok');
        const [row] = await server.db.query<{ company_id: string | null }>('select company_id from service_requests where id = $1', [id]);
        return row!.company_id;
      });
    }
    expect(companyOf).toEqual({ 'as built': world.ids.company, 'customer deleted': null, 'company deleted': null, 'request deleted': world.ids.company });
  });

  it('changing the request: its vehicle’s owner, admins and current employees of a company that stands, never once it is deleted', async () => {
    const changed = await world.answers((caller, state) =>
      world.upload(caller, 'PATCH', 'service_requests', world.ids.request, { description: `Sliding door sticks (${state})` }),
    );
    expect(changed).toEqual(
      inEveryState({ owner: 'ok', admin: 'ok', current: 'ok', ...nobodyElse }, {
        'company deleted': { current: 'not_found' },
        'request deleted': { owner: 'permission_denied', admin: 'invalid_value', current: 'permission_denied' },
      }),
    );
  });

  it('deleting the request: whoever may change it; restoring it: administrators alone', async () => {
    const deleted = await world.answers(async (caller, state) => {
      const result = await world.upload(caller, 'PATCH', 'service_requests', world.ids.request, { deleted_at: new Date().toISOString() });
      await server.db.query('update service_requests set deleted_at = null where id = $1', [world.ids.request]);
      await keepState(state);
      return result;
    });
    expect(deleted).toEqual(
      inEveryState({ owner: 'ok', admin: 'ok', current: 'ok', ...nobodyElse }, {
        'company deleted': { current: 'not_found' },
        // Deleted already: deleting it again is a change like any other.
        'request deleted': { owner: 'permission_denied', admin: 'invalid_value', current: 'permission_denied' },
      }),
    );

    const restored = await world.answers(async (caller, state) => {
      const result = await world.upload(caller, 'PATCH', 'service_requests', world.ids.request, { deleted_at: null });
      await keepState(state);
      return result;
    });
    expect(restored).toEqual(
      inEveryState({ owner: 'ok', admin: 'ok', current: 'ok', ...nobodyElse }, {
        'company deleted': { current: 'not_found' },
        'request deleted': { owner: 'permission_denied', current: 'permission_denied' },
      }),
    );
  });

  it('assigning the request: only to a current employee of a company that stands, while the request stands', async () => {
    const people = { owner: world.ids.owner, admin: world.ids.admin, current: world.ids.current, ended: world.ids.ended, future: world.ids.future, stranger: world.ids.stranger };
    const assigned = await world.answers(async (assignee) => {
      if (assignee === 'anonymous') return 'nobody';
      // Unassigned first: keeping an assignment as it is is no new assignment, and is not checked again.
      await server.db.query('update service_requests set assigned_user_id = null where id = $1', [world.ids.request]);
      return world.upload('admin', 'PATCH', 'service_requests', world.ids.request, { assigned_user_id: people[assignee] });
    });
    const asBuilt: Answers = {
      owner: 'invalid_value', admin: 'invalid_value', current: 'ok', ended: 'invalid_value', future: 'invalid_value', stranger: 'invalid_value', anonymous: 'nobody',
    };
    expect(assigned).toEqual(inEveryState(asBuilt, { 'company deleted': { current: 'invalid_value' }, 'request deleted': { current: 'invalid_value' } }));
  });

  it('work time on the request: current employees of a company that stands, and admins, while the request stands', async () => {
    const logged = await world.answers((caller) =>
      world.upload(caller, 'PUT', 'worktime', newId(), {
        service_request_id: world.ids.request, user_id: caller === 'anonymous' ? '' : world.ids[caller], operation: WORK_START, time: new Date().toISOString(),
      }),
    );
    const gone = { 'company deleted': { current: 'not_found' }, 'request deleted': { current: 'invalid_value', admin: 'invalid_value' } };
    expect(logged).toEqual(inEveryState({ owner: 'not_found', admin: 'ok', current: 'ok', ...nobodyElse }, gone));

    // The running clock's start, corrected: its worker's own, any administrator's.
    const corrected = await world.answers((caller) => world.upload(caller, 'PATCH', 'worktime', world.ids.work, { time: new Date().toISOString() }));
    const notTheirs = { owner: 'permission_denied', ended: 'permission_denied', future: 'permission_denied', stranger: 'permission_denied' };
    expect(corrected).toEqual(inEveryState({ admin: 'ok', current: 'ok', anonymous: 'unauthenticated', ...notTheirs }, gone));
  });

  it('says why, in words the person can act on', async () => {
    const request = { vehicle_id: world.ids.vehicle, company_id: world.ids.company, description: 'Oil leak' };
    await world.inState('company deleted', async () => {
      expect(await world.refusal('admin', 'PUT', 'service_requests', newId(), request)).toBe('The company was deleted');
    });
    await world.inState('request deleted', async () => {
      const change = { description: 'Squeaks' };
      expect(await world.refusal('current', 'PATCH', 'service_requests', world.ids.request, change)).toBe(
        'The service request was deleted; only an administrator can restore it',
      );
      expect(await world.refusal('admin', 'PATCH', 'service_requests', world.ids.request, change)).toBe(
        'The service request was deleted; restore it before changing it',
      );
      expect(await world.refusal('current', 'PATCH', 'worktime', world.ids.work, { time: new Date().toISOString() })).toBe(
        'The service request was deleted; its work time cannot change',
      );
    });
  });

  it('UploadService: files go onto the request for its vehicle’s owner, admins and current employees of a company that stands, while it stands', async () => {
    const formKey = `service_request/${world.ids.request}`;
    const attached = await world.answers((caller) =>
      outcome(world.devices[caller].client(UploadService).addFilesToBucket({ bucketId: newId(), formKey, files: [describeFile(jpegBytes(64)).toAdd()] })),
    );
    expect(attached).toEqual(
      inEveryState({ owner: 'ok', admin: 'ok', current: 'ok', ...nobodyElse }, {
        'company deleted': { current: 'not_found' },
        'request deleted': { owner: 'not_found', admin: 'not_found', current: 'not_found' },
      }),
    );

    // A bucket begun while the employee could edit the request takes no more files once they cannot: refused for
    // good (failed_precondition, final for the device's queue), the bucket being the caller's own.
    const uploads = world.devices.current.client(UploadService);
    const bucketId = newId();
    await uploads.addFilesToBucket({ bucketId, formKey, files: [describeFile(jpegBytes(64)).toAdd()] });
    const more: Partial<Record<State, string>> = {};
    for (const state of STATES) {
      more[state] = await world.inState(state, () => outcome(uploads.addFilesToBucket({ bucketId, files: [describeFile(jpegBytes(64)).toAdd()] })));
    }
    expect(more).toEqual({ 'as built': 'ok', 'customer deleted': 'ok', 'company deleted': 'failed_precondition', 'request deleted': 'failed_precondition' });
  });
});
