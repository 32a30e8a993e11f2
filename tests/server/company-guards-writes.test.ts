import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { WORK_START } from '../../src/domain/worktime.js';
import { CompanyService } from '../../src/gen/tagbook/v1/admin_pb.js';
import { CrudOp, SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { buildCompanyFixture, inEveryState, STATES, type Answers, type Caller, type CompanyFixture, type State } from '../helpers/company-fixture.js';
import { outcome } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { describeFile, jpegBytes } from '../helpers/files.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

/**
 * Every way a company's data is written — sync uploads of requests, work time, customers and vehicle info, the
 * Upload service, CompanyService — per caller and with each parent soft-deleted in turn: an employee writes while
 * their link is current and the company stands; an ended or future link never; nothing is opened on a deleted
 * customer's vehicle or a deleted company, and no work or file is added to a deleted request.
 */
describe.each(backends)("who writes a company's requests, work time, customers and files, on %s", (backend) => {
  let server: TestServer;
  let world: CompanyFixture;
  let nextTransaction = 1n;

  /** One change uploaded as its own transaction: 'ok', or the refusal's code. */
  async function upload(caller: Caller, op: 'PUT' | 'PATCH', table: string, id: string, data: Record<string, unknown>): Promise<string> {
    const transactionId = nextTransaction++;
    const call = world.devices[caller].client(SyncService).uploadData({
      clientId: `guards-${caller}`,
      transactionId,
      crud: [{ clientId: 1n, id, op: CrudOp[op], table, opData: JSON.stringify(data), transactionId }],
    });
    const result = await outcome(call);
    if (result !== 'ok') return result;
    const { errors } = await call;
    return errors.length === 0 ? 'ok' : errors.map((e) => e.code).join(', ');
  }
  const company = (caller: Caller) => world.devices[caller].client(CompanyService);
  const nobodyElse = { ended: 'not_found', future: 'not_found', stranger: 'not_found', anonymous: 'unauthenticated' } as const;

  beforeAll(async () => {
    server = await startTestServer(backend);
    world = await buildCompanyFixture(server);
  });
  afterAll(async () => server?.stop());

  it('opening a request on the customer’s vehicle for the company: its owner, admins and current employees, while customer and company stand', async () => {
    const opened = await world.answers((caller) =>
      upload(caller, 'PUT', 'service_requests', newId(), { vehicle_id: world.ids.vehicle, company_id: world.ids.company, description: 'Oil leak' }),
    );
    expect(opened).toEqual(
      inEveryState({ owner: 'ok', admin: 'ok', current: 'ok', ...nobodyElse }, {
        'customer deleted': { current: 'not_found' },
        'company deleted': { current: 'not_found', owner: 'invalid_value' },
      }),
    );
  });

  it('changing the request: its vehicle’s owner, admins and current employees of a company that stands', async () => {
    const changed = await world.answers((caller, state) =>
      upload(caller, 'PATCH', 'service_requests', world.ids.request, { description: `Sliding door sticks (${state})` }),
    );
    expect(changed).toEqual(inEveryState({ owner: 'ok', admin: 'ok', current: 'ok', ...nobodyElse }, { 'company deleted': { current: 'not_found' } }));
  });

  it('assigning the request: only to a current employee of a company that stands', async () => {
    const people = { owner: world.ids.owner, admin: world.ids.admin, current: world.ids.current, ended: world.ids.ended, future: world.ids.future, stranger: world.ids.stranger };
    const assigned = await world.answers(async (assignee) => {
      if (assignee === 'anonymous') return 'nobody';
      // Unassigned first: keeping an assignment as it is is no new assignment, and is not checked again.
      await server.db.query('update service_requests set assigned_user_id = null where id = $1', [world.ids.request]);
      return upload('admin', 'PATCH', 'service_requests', world.ids.request, { assigned_user_id: people[assignee] });
    });
    const asBuilt: Answers = {
      owner: 'invalid_value', admin: 'invalid_value', current: 'ok', ended: 'invalid_value', future: 'invalid_value', stranger: 'invalid_value', anonymous: 'nobody',
    };
    expect(assigned).toEqual(inEveryState(asBuilt, { 'company deleted': { current: 'invalid_value' } }));
  });

  it('logging work time on the request: current employees of a company that stands, and admins, while the request stands', async () => {
    const logged = await world.answers((caller) =>
      upload(caller, 'PUT', 'worktime', newId(), {
        service_request_id: world.ids.request, user_id: caller === 'anonymous' ? '' : world.ids[caller], operation: WORK_START, time: new Date().toISOString(),
      }),
    );
    expect(logged).toEqual(
      inEveryState({ owner: 'not_found', admin: 'ok', current: 'ok', ...nobodyElse }, {
        'company deleted': { current: 'not_found' },
        'request deleted': { current: 'not_found', admin: 'not_found' },
      }),
    );
  });

  it('customers through sync: current employees of a company that stands, and admins; a deleted customer stays theirs to restore', async () => {
    const edited = await world.answers((caller, state) => upload(caller, 'PATCH', 'customers', world.ids.customer, { note: `seen ${state}` }));
    expect(edited).toEqual(inEveryState({ owner: 'not_found', admin: 'ok', current: 'ok', ...nobodyElse }, { 'company deleted': { current: 'not_found' } }));
    const added = await world.answers((caller) => upload(caller, 'PUT', 'customers', newId(), { company_id: world.ids.company, name: 'Robin New' }));
    const refused = { owner: 'permission_denied', ended: 'permission_denied', future: 'permission_denied', stranger: 'permission_denied' };
    expect(added).toEqual(
      inEveryState({ admin: 'ok', current: 'ok', anonymous: 'unauthenticated', ...refused }, { 'company deleted': { current: 'permission_denied' } }),
    );
  });

  it('vehicle info through sync: administrators alone, whoever else asks', async () => {
    const edited = await world.answers((caller) => upload(caller, 'PATCH', 'vehicles_info', world.ids.info, { color: 'Oxford White' }));
    const denied = { owner: 'permission_denied', current: 'permission_denied', ended: 'permission_denied', future: 'permission_denied', stranger: 'permission_denied' };
    expect(edited).toEqual(inEveryState({ admin: 'ok', anonymous: 'unauthenticated', ...denied }));
  });

  it('CompanyService changes: customers by current employees, the company and its catalogue by its current managers, while it stands', async () => {
    const customerId = world.ids.customer;
    const companyId = world.ids.company;
    const notFound = { owner: 'not_found', ended: 'not_found', future: 'not_found', stranger: 'not_found', anonymous: 'unauthenticated' };
    const goneWithCompany = { 'company deleted': { current: 'not_found', admin: 'not_found' } };
    expect(await world.answers((caller) => outcome(company(caller).saveCustomer({ id: customerId, companyId, name: 'Casey Customer' })))).toEqual(
      inEveryState({ admin: 'ok', current: 'ok', ...notFound }, goneWithCompany),
    );
    // Sets the state the customer is already in: nothing moves, whoever is let through.
    expect(
      await world.answers((caller, state) => outcome(company(caller).setCustomerDeleted({ customerId, deleted: state === 'customer deleted' }))),
    ).toEqual(inEveryState({ admin: 'ok', current: 'ok', ...notFound }, goneWithCompany));

    const denied = { owner: 'permission_denied', ended: 'permission_denied', future: 'permission_denied', stranger: 'permission_denied', anonymous: 'unauthenticated' };
    const managing = inEveryState({ admin: 'ok', current: 'ok', ...denied }, { 'company deleted': { current: 'permission_denied', admin: 'not_found' } });
    expect(await world.answers((caller) => outcome(company(caller).updateCompany({ companyId, name: 'Guarded Garage' })))).toEqual(managing);
    expect(await world.answers((caller) => outcome(company(caller).saveService({ companyId, name: `Service ${newId()}`, description: 'x' })))).toEqual(managing);
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

    // A bucket begun while the employee could edit the request takes no more files once they cannot.
    const uploads = world.devices.current.client(UploadService);
    const bucketId = newId();
    await uploads.addFilesToBucket({ bucketId, formKey, files: [describeFile(jpegBytes(64)).toAdd()] });
    const more: Partial<Record<State, string>> = {};
    for (const state of STATES) {
      more[state] = await world.inState(state, () => outcome(uploads.addFilesToBucket({ bucketId, files: [describeFile(jpegBytes(64)).toAdd()] })));
    }
    expect(more).toEqual({ 'as built': 'ok', 'customer deleted': 'ok', 'company deleted': 'not_found', 'request deleted': 'not_found' });
  });
});
