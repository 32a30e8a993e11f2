import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyService } from '../../src/gen/tagbook/v1/admin_pb.js';
import { QrTagService, TagStatus } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { App, VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { VehicleAccess, VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { buildCompanyFixture, inEveryState, type Answers, type Caller, type CompanyFixture } from '../helpers/company-fixture.js';
import { outcome } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

/**
 * Every server read of a company's private vehicle, its customers and the files of its requests, per caller and with
 * each parent soft-deleted in turn: an employee reads while their link is current and the company stands, the
 * vehicle while the customer or the request ties it to the company, the files while the request stands; an ended or
 * future link, a stranger and a visitor never.
 */
describe.each(backends)("who reads a company's vehicle, customers and files, on %s", (backend) => {
  let server: TestServer;
  let world: CompanyFixture;

  const answers = (read: (caller: Caller) => Promise<string>) => world.answers(read);
  const company = (caller: Caller) => world.devices[caller].client(CompanyService);

  beforeAll(async () => {
    server = await startTestServer(backend);
    world = await buildCompanyFixture(server);
  });
  afterAll(async () => server?.stop());

  it('VehicleService.GetVehicle and ListVehicleContents: the company reads its customer’s private vehicle through current links only', async () => {
    const access = await answers(async (caller) => {
      const call = world.devices[caller].client(VehicleService).getVehicle({ vehicleId: world.ids.vehicle });
      const result = await outcome(call);
      return result === 'ok' ? VehicleAccess[(await call).access].toLowerCase() : result;
    });
    const asBuilt: Answers = {
      owner: 'owner', admin: 'admin', current: 'company', ended: 'not_found', future: 'not_found', stranger: 'not_found', anonymous: 'not_found',
    };
    // The company services the vehicle through its customer and through its request (server/vehicles/servicing.ts): with
    // one of them deleted the other still holds; with the company deleted its employees are strangers. Both deleted:
    // tests/server/servicing-company.test.ts.
    const strangerAgain = { 'company deleted': { current: 'not_found' } };
    expect(access).toEqual(inEveryState(asBuilt, strangerAgain));

    const contents = await answers((caller) =>
      outcome(world.devices[caller].client(VehicleContentsService).listVehicleContents({ vehicleId: world.ids.vehicle, app: App.PROFILE })),
    );
    expect(contents).toEqual(inEveryState({ ...asBuilt, owner: 'ok', admin: 'ok', current: 'ok' }, strangerAgain));
  });

  it('QrTagService.Resolve opens the vehicle for exactly those GetVehicle lets in', async () => {
    const resolved = await answers(async (caller) => {
      const res = await world.devices[caller].client(QrTagService).resolve({ hash: world.ids.tag });
      return TagStatus[res.status].toLowerCase();
    });
    const asBuilt: Answers = {
      owner: 'vehicle', admin: 'vehicle', current: 'vehicle',
      ended: 'private_vehicle', future: 'private_vehicle', stranger: 'private_vehicle', anonymous: 'private_vehicle',
    };
    expect(resolved).toEqual(inEveryState(asBuilt, { 'company deleted': { current: 'private_vehicle' } }));
  });

  it('CompanyService reads (GetCompany, ListCustomers, ListServices) are for current employees of a company that stands, and admins', async () => {
    const asBuilt: Answers = {
      owner: 'permission_denied', admin: 'ok', current: 'ok', ended: 'permission_denied', future: 'permission_denied',
      stranger: 'permission_denied', anonymous: 'unauthenticated',
    };
    const expected = inEveryState(asBuilt, { 'company deleted': { current: 'permission_denied', admin: 'failed_precondition' } });
    const companyId = world.ids.company;
    expect(await answers((caller) => outcome(company(caller).getCompany({ companyId })))).toEqual(expected);
    expect(await answers((caller) => outcome(company(caller).listCustomers({ companyId })))).toEqual(expected);
    expect(await answers((caller) => outcome(company(caller).listServices({ companyId })))).toEqual(expected);
  });

  it('CompanyService.GetCustomer: a company’s customer, deleted or not, to its current employees while the company stands; one of no company to admins alone', async () => {
    const asBuilt: Answers = {
      owner: 'not_found', admin: 'ok', current: 'ok', ended: 'not_found', future: 'not_found', stranger: 'not_found', anonymous: 'unauthenticated',
    };
    // A deleted customer stays readable to those who may restore it (SetCustomerDeleted); a deleted company's are nobody's.
    expect(await answers((caller) => outcome(company(caller).getCustomer({ customerId: world.ids.customer })))).toEqual(
      inEveryState(asBuilt, { 'company deleted': { current: 'not_found', admin: 'failed_precondition' } }),
    );
    expect(await answers((caller) => outcome(company(caller).getCustomer({ customerId: world.ids.loneCustomer })))).toEqual(
      inEveryState({ ...asBuilt, current: 'not_found' }, {}),
    );
  });

  it("UploadService.GetDownloadSignedUrl: a request's photo to current employees of its company, the owner and admins while the request stands", async () => {
    const downloads = await answers(async (caller) => {
      const uploads = world.devices[caller].client(UploadService);
      const result = await outcome(uploads.getDownloadSignedUrl({ combinedHash: world.photo.combinedHash }));
      if (result !== 'ok') return result;
      const { downloadUrl } = await uploads.getDownloadSignedUrl({ combinedHash: world.photo.combinedHash });
      const res = await fetch(new URL(downloadUrl, server.url));
      return res.status === 200 && Buffer.from(await res.arrayBuffer()).equals(world.photo.bytes) ? 'ok' : `http ${res.status}`;
    });
    const asBuilt: Answers = {
      owner: 'ok', admin: 'ok', current: 'ok', ended: 'not_found', future: 'not_found', stranger: 'not_found', anonymous: 'not_found',
    };
    // Having sent the bytes is no right to them (src/domain/files.ts): a deleted request's files are nobody's, the
    // owner's who sent them included.
    expect(downloads).toEqual(
      inEveryState(asBuilt, {
        'company deleted': { current: 'not_found' },
        'request deleted': { current: 'not_found', admin: 'not_found', owner: 'not_found' },
      }),
    );
  });
});
