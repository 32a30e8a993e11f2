import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { CompanyService } from '../../src/gen/tagbook/v1/admin_pb.js';
import { buildCompanyFixture, inEveryState, type Answers, type Caller, type CompanyFixture, type State } from '../helpers/company-fixture.js';
import { outcome } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();
const DAY = 24 * 3_600_000;

/**
 * Every way the company itself, its customers, its employees and the vehicle info naming a customer are written —
 * sync uploads and CompanyService — per caller and with each parent soft-deleted in turn: a deleted company takes no
 * new customer or employee, from anyone, administrators included, until an administrator restores it; a deleted
 * customer has no vehicle put on it. (Requests, work time and files: company-guards-writes.test.ts.)
 */
describe.each(backends)("who writes a company, its customers and its employees, on %s", (backend) => {
  let server: TestServer;
  let world: CompanyFixture;
  const company = (caller: Caller) => world.devices[caller].client(CompanyService);
  const denied = { owner: 'permission_denied', ended: 'permission_denied', future: 'permission_denied', stranger: 'permission_denied', anonymous: 'unauthenticated' } as const;
  const notFound = { owner: 'not_found', ended: 'not_found', future: 'not_found', stranger: 'not_found', anonymous: 'unauthenticated' } as const;

  beforeAll(async () => {
    server = await startTestServer(backend);
    world = await buildCompanyFixture(server);
  });
  afterAll(async () => server?.stop());

  it('customers through sync: current employees of a company that stands, and admins; a deleted customer stays theirs to restore', async () => {
    const edited = await world.answers((caller, state) => world.upload(caller, 'PATCH', 'customers', world.ids.customer, { note: `seen ${state}` }));
    expect(edited).toEqual(inEveryState({ admin: 'ok', current: 'ok', ...notFound }, { 'company deleted': { current: 'not_found' } }));
  });

  it('a new customer, or one moved in: never for a deleted company, administrators included', async () => {
    const added = await world.answers((caller) => world.upload(caller, 'PUT', 'customers', newId(), { company_id: world.ids.company, name: 'Robin New' }));
    expect(added).toEqual(
      inEveryState({ admin: 'ok', current: 'ok', ...denied }, { 'company deleted': { current: 'permission_denied', admin: 'invalid_value' } }),
    );
    const moved = await world.answers(async (caller) => {
      const id = newId();
      await server.db.query(`insert into customers (id, name, company_id) values ($1, 'Mo Moved', null)`, [id]);
      return world.upload(caller, 'PATCH', 'customers', id, { company_id: world.ids.company });
    });
    // A customer of no company is an administrator's alone.
    expect(moved).toEqual(inEveryState({ admin: 'ok', current: 'not_found', ...notFound }, { 'company deleted': { admin: 'invalid_value' } }));
  });

  it('employee links: added by administrators through sync and by the company’s managers through CompanyService, never to a deleted company', async () => {
    const linked = await world.answers(async (caller) => {
      const id = newId();
      // A link that has ended: it makes nobody an employee, so every caller meets the world as built.
      const result = await world.upload(caller, 'PUT', 'company_employees', id, {
        user_id: world.ids.stranger, company_id: world.ids.company, type: 'worker',
        start_date: new Date(Date.now() - 2 * DAY).toISOString(), end_date: new Date(Date.now() - DAY).toISOString(),
      });
      await server.db.query('delete from company_employees where id = $1', [id]);
      return result;
    });
    expect(linked).toEqual(inEveryState({ admin: 'ok', current: 'permission_denied', ...denied }, { 'company deleted': { admin: 'invalid_value' } }));

    const email = `stranger-${world.ids.tag.toLowerCase()}@example.com`;
    const added = await world.answers(async (caller) => {
      const result = await outcome(company(caller).addEmployee({ companyId: world.ids.company, email, type: 'worker' }));
      await server.db.query('delete from company_employees where user_id = $1', [world.ids.stranger]);
      return result;
    });
    expect(added).toEqual(
      inEveryState({ admin: 'ok', current: 'ok', ...denied }, { 'company deleted': { admin: 'failed_precondition', current: 'permission_denied' } }),
    );
  });

  it('the company itself: changed by administrators alone, once deleted only by being restored', async () => {
    const renamed = await world.answers((caller) => world.upload(caller, 'PATCH', 'companies', world.ids.company, { short_info: 'Vans and trucks' }));
    expect(renamed).toEqual(inEveryState({ admin: 'ok', current: 'permission_denied', ...denied }, { 'company deleted': { admin: 'invalid_value' } }));
    await world.inState('company deleted', async () => {
      expect(await world.refusal('admin', 'PATCH', 'companies', world.ids.company, { name: 'Renamed' })).toBe(
        'The company was deleted; restore it before changing it',
      );
      expect(await world.upload('admin', 'PATCH', 'companies', world.ids.company, { deleted_at: null, name: 'Guarded Garage' })).toBe('ok');
    });
  });

  it('a deleted company is restored by administrators alone, and then it takes customers again', async () => {
    const keepState = async (state: State) => {
      if (state === 'company deleted') await server.db.query('update companies set deleted_at = now() where id = $1', [world.ids.company]);
    };
    const restored = await world.answers(async (caller, state) => {
      const result = await world.upload(caller, 'PATCH', 'companies', world.ids.company, { deleted_at: null });
      await keepState(state);
      return result;
    });
    expect(restored).toEqual(inEveryState({ admin: 'ok', current: 'permission_denied', ...denied }));

    await world.inState('company deleted', async () => {
      expect(await world.upload('current', 'PUT', 'customers', newId(), { company_id: world.ids.company, name: 'Too Soon' })).toBe('permission_denied');
      expect(await world.upload('admin', 'PATCH', 'companies', world.ids.company, { deleted_at: null })).toBe('ok');
      expect(await world.upload('current', 'PUT', 'customers', newId(), { company_id: world.ids.company, name: 'Back Again' })).toBe('ok');
    });
  });

  it('vehicle info through sync: administrators alone, whoever else asks; a deleted customer gets no vehicle', async () => {
    const edited = await world.answers((caller) => world.upload(caller, 'PATCH', 'vehicles_info', world.ids.info, { color: 'Oxford White' }));
    const infoDenied = { ...denied, current: 'permission_denied' };
    expect(edited).toEqual(inEveryState({ admin: 'ok', ...infoDenied }));

    const linked = await world.answers(async (caller) => {
      await server.db.query('update vehicles_info set customer_id = null where id = $1', [world.ids.info]);
      const result = await world.upload(caller, 'PATCH', 'vehicles_info', world.ids.info, { customer_id: world.ids.customer });
      await server.db.query('update vehicles_info set customer_id = $2 where id = $1', [world.ids.info, world.ids.customer]);
      return result;
    });
    expect(linked).toEqual(inEveryState({ admin: 'ok', ...infoDenied }, { 'customer deleted': { admin: 'invalid_value' } }));
    // Sent again as it is stored, a link to a customer deleted since is no new link.
    await world.inState('customer deleted', async () => {
      expect(await world.upload('admin', 'PATCH', 'vehicles_info', world.ids.info, { customer_id: world.ids.customer, color: 'Frozen White' })).toBe('ok');
    });
  });

  it('CompanyService changes: customers by current employees, the company and its catalogue by its current managers, while it stands', async () => {
    const customerId = world.ids.customer;
    const companyId = world.ids.company;
    const goneWithCompany: Partial<Record<State, Partial<Answers>>> = { 'company deleted': { current: 'not_found', admin: 'failed_precondition' } };
    expect(await world.answers((caller) => outcome(company(caller).saveCustomer({ id: customerId, companyId, name: 'Casey Customer' })))).toEqual(
      inEveryState({ admin: 'ok', current: 'ok', ...notFound }, goneWithCompany),
    );
    // Sets the state the customer is already in: nothing moves, whoever is let through.
    expect(
      await world.answers((caller, state) => outcome(company(caller).setCustomerDeleted({ customerId, deleted: state === 'customer deleted' }))),
    ).toEqual(inEveryState({ admin: 'ok', current: 'ok', ...notFound }, goneWithCompany));
    expect(await world.answers((caller) => outcome(company(caller).saveCustomer({ companyId, name: `New ${newId()}` })))).toEqual(
      inEveryState({ admin: 'ok', current: 'ok', ...denied }, { 'company deleted': { current: 'permission_denied', admin: 'failed_precondition' } }),
    );

    const managing = inEveryState({ admin: 'ok', current: 'ok', ...denied }, { 'company deleted': { current: 'permission_denied', admin: 'failed_precondition' } });
    expect(await world.answers((caller) => outcome(company(caller).updateCompany({ companyId, name: 'Guarded Garage' })))).toEqual(managing);
    expect(await world.answers((caller) => outcome(company(caller).saveService({ companyId, name: `Service ${newId()}`, description: 'x' })))).toEqual(managing);
  });
});
