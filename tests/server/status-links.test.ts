import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
import { StatusLinkService } from '../../src/gen/tagbook/v1/status_link_pb.js';
import { STATUS_LINK_NOT_FOUND } from '../../server/status-links/status-link-service.js';
import { refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { openSyncClient, openSyncTestDatabase, seedAndReplicate, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';

const backends = await testBackends();

type Role = 'worker' | 'owner' | 'admin' | 'stranger' | 'anonymous';

/**
 * A request's status shown to its customer by link (StatusLinkService, migration 0031): made by the request's company's
 * staff and admins; opened signed out; shows nothing internal; revoked, expired some days after the request closed,
 * or ended by the request moving to another company, it answers nothing.
 */
describe.each(backends)('customer status links on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  const devices = {} as Record<Role, TestDevice>;
  let ids: Record<'owner' | 'worker' | 'admin', string>;
  let request: string;
  const clients: SyncClient[] = [];

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0];
  const links = (role: Role) => devices[role].client(StatusLinkService);
  const share = (role: Role, over: Partial<{ photoIds: string[]; showWorkTime: boolean; daysAfterClose: number; emailCustomer: boolean; serviceRequestId: string }> = {}) =>
    links(role).shareRequestStatus({ serviceRequestId: request, photoIds: [], showWorkTime: false, daysAfterClose: 14, emailCustomer: false, ...over });
  const status = (token: string) => links('anonymous').getRequestStatus({ token });
  const refused = async (call: Promise<unknown>) => {
    const error = await refusal(call);
    return { code: error.code, message: error.rawMessage };
  };

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    ids = await seedAndReplicate(server);
    for (const role of ['worker', 'owner', 'admin', 'stranger', 'anonymous'] as const) devices[role] = await TestDevice.create(server);
    await devices.worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await devices.stranger.register('stranger@tagbook.test', 'tagbook-stranger');
    request = (await one<{ id: string }>(`select id from service_requests where description like 'Front brake pads%'`))!.id;
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await server?.close();
    await database?.drop();
  });

  it("the request's staff make one; a signed-out customer reads the status and nothing internal", async () => {
    const { token } = await share('worker');
    const answer = await status(token);
    expect(answer).toMatchObject({
      companyName: 'Tagbook Garage', vehicleName: 'Trail Bronco', description: 'Front brake pads and rotors; check rear differential noise',
      status: REQUEST_STATUS.STARTED, completedAt: '', expiresAt: 0n, photos: [],
    });
    expect(answer.scheduleStart).not.toBe('');
    expect(answer.workMs).toBeUndefined();
    const whole = JSON.stringify(answer, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    for (const secret of ['owner@tagbook.test', 'worker@tagbook.test', 'Demo Worker', 'Demo Owner', ids.owner, ids.worker, 'Wheel alignment', '303 555']) {
      expect(whole, secret).not.toContain(secret);
    }
    // The work time only when the shop shows it: the worker's clock runs, so there is some.
    const withTime = await status((await share('worker', { showWorkTime: true })).token);
    expect(Number(withTime.workMs)).toBeGreaterThan(0);
  });

  it('is refused to anyone outside the request’s company but admins, and for bad choices', async () => {
    expect(await refused(share('owner'))).toEqual({ code: Code.NotFound, message: 'Request not found' });
    expect(await refused(share('stranger'))).toEqual({ code: Code.NotFound, message: 'Request not found' });
    expect((await refused(share('anonymous'))).code).toBe(Code.Unauthenticated);
    expect(await refused(share('worker', { serviceRequestId: newId() }))).toEqual({ code: Code.NotFound, message: 'Request not found' });
    expect((await refused(share('worker', { daysAfterClose: 5 }))).code).toBe(Code.InvalidArgument);
    expect((await refused(share('worker', { photoIds: [newId()] }))).code).toBe(Code.InvalidArgument);
    expect((await share('admin')).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("is mailed to the vehicle's customer when asked", async () => {
    const { token, mailedTo } = await share('worker', { emailCustomer: true });
    expect(mailedTo).toBe('owner@tagbook.test');
    const mail = await one<{ subject: string; body_text: string }>(
      `select subject, body_text from mail_outbox where to_address = $1 and body_text like $2`,
      ['owner@tagbook.test', `%/status/${token}%`],
    );
    expect(mail!.subject).toBe('Tagbook Garage: follow the work on your Trail Bronco');
  });

  it('reaches the company staff’s devices, and not the owner’s', async () => {
    const { token } = await share('worker');
    const worker = await openSyncClient({ server }, ids.worker);
    const owner = await openSyncClient({ server }, ids.owner);
    clients.push(worker, owner);
    await worker.waitFor(async () => (await worker.db.getOptional('select 1 from request_status_links where token = ?', [token])) !== null, 'the link');
    await owner.waitFor(async () => (await owner.db.getOptional('select 1 from service_requests where id = ?', [request])) !== null, 'the request');
    expect(await owner.db.getAll('select id from request_status_links')).toEqual([]);
  });

  it('stops answering when revoked (by those who may only), as one that never was', async () => {
    const link = await share('worker');
    expect(await refused(links('stranger').revokeStatusLink({ linkId: link.linkId }))).toEqual({ code: Code.NotFound, message: 'Link not found' });
    expect(await refused(links('owner').revokeStatusLink({ linkId: link.linkId }))).toEqual({ code: Code.NotFound, message: 'Link not found' });
    await status(link.token);
    await links('worker').revokeStatusLink({ linkId: link.linkId });
    expect(await refused(status(link.token))).toEqual({ code: Code.NotFound, message: STATUS_LINK_NOT_FOUND });
    expect(await refused(status('z'.repeat(43)))).toEqual({ code: Code.NotFound, message: STATUS_LINK_NOT_FOUND });
  });

  it('follows the request live, and ends its days after the request closed', async () => {
    const short = await share('worker', { daysAfterClose: 7 });
    const long = await share('worker', { daysAfterClose: 30 });
    // Completed ten days ago: the week-long link has ended, the month-long one shows the completion.
    await server.db.query(
      `update service_requests set vehicle_service_status_id = $2, completed_at = now() - interval '10 days' where id = $1`,
      [request, REQUEST_STATUS.COMPLETED],
    );
    expect(await refused(status(short.token))).toEqual({ code: Code.NotFound, message: STATUS_LINK_NOT_FOUND });
    const answer = await status(long.token);
    expect(answer.status).toBe(REQUEST_STATUS.COMPLETED);
    expect(answer.completedAt).not.toBe('');
    expect(Number(answer.expiresAt)).toBeGreaterThan(Date.now() + 19 * 24 * 3600_000);
    // Reopened: the link works again while the work goes on.
    await server.db.query(`update service_requests set vehicle_service_status_id = $2, completed_at = null where id = $1`, [request, REQUEST_STATUS.STARTED]);
    expect((await status(short.token)).status).toBe(REQUEST_STATUS.STARTED);
  });

  it('ends when the request moves to another company', async () => {
    const link = await share('worker');
    const other = newId();
    await server.db.query(`insert into companies (id, name) values ($1, 'Other Shop')`, [other]);
    await server.db.query('update service_requests set company_id = $2 where id = $1', [request, other]);
    try {
      expect(await refused(status(link.token))).toEqual({ code: Code.NotFound, message: STATUS_LINK_NOT_FOUND });
    } finally {
      await server.db.query(`update service_requests set company_id = (select id from companies where name = 'Tagbook Garage') where id = $1`, [request]);
    }
    expect((await status(link.token)).companyName).toBe('Tagbook Garage');
  });
});
