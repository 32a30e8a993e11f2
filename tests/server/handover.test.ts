import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { REPORT_PHOTOS_MAX } from '../../src/domain/historyReport.js';
import { TRANSFER_LIFETIME_DAYS, TRANSFER_REFUSALS } from '../../src/domain/transfer.js';
import { HistoryReportService } from '../../src/gen/tagbook/v1/history_report_pb.js';
import { TransferService, TransferState } from '../../src/gen/tagbook/v1/transfer_pb.js';
import { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { REPORT_LINK_NOT_FOUND } from '../../server/handover/report-service.js';
import { refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { describeFile, jpegBytes, putRange } from '../helpers/files.js';
import { openSyncClient, openSyncTestDatabase, seedAndReplicate, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';
import { upload, verdict, type Change } from '../helpers/upload.js';

const backends = await testBackends();

/** Where the test server's mails link to (PUBLIC_URL of openSyncTestDatabase). */
const PUBLIC_URL = 'http://tagbook.test';

/**
 * An owner hands a vehicle over (TransferService) and shares its history report by link (HistoryReportService),
 * migration 0029: who may start, cancel and accept a transfer, what moves with the vehicle and what stays behind,
 * what a report link shows a signed-out reader and what it never shows, and links that stop answering.
 */
describe.each(backends)('handing a vehicle over on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let admin: TestDevice;
  let stranger: TestDevice;
  let anonymous: TestDevice;
  const clients: SyncClient[] = [];

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0];
  const ok = async (device: TestDevice, changes: Change | Change[]) => {
    const answer = await upload(device, changes);
    expect(verdict(answer), JSON.stringify(answer.errors)).toBe('ok');
  };
  const refused = async (call: Promise<unknown>) => {
    const error = await refusal(call);
    return { code: error.code, message: error.rawMessage };
  };
  /** Waits until the device's local database answers the query with a row. */
  const until = (client: SyncClient, sql: string, params: unknown[]) =>
    client.waitFor(async () => (await client.db.getOptional(sql, params)) !== null, sql);
  const transfers = (device: TestDevice) => device.client(TransferService);
  const reports = (device: TestDevice) => device.client(HistoryReportService);

  let people = 0;
  async function person(prefix = 'person') {
    const device = await TestDevice.create(server);
    const email = `${prefix}-${++people}@tagbook.test`;
    await device.register(email, 'tagbook-person');
    return { device, email, userId: device.session!.userId };
  }

  /** The link a transfer mail to `to` carries, and its secret. */
  async function mailedLink(to: string) {
    const mail = await one<{ subject: string; body_text: string }>(
      `select subject, body_text from mail_outbox where to_address = $1 order by created_at desc, id desc limit 1`,
      [to],
    );
    const link = /http:\/\/tagbook\.test\/transfer\/([A-Za-z0-9_-]{43})/.exec(mail?.body_text ?? '');
    expect(link, mail?.body_text).not.toBeNull();
    return { mail: mail!, token: link![1]! };
  }

  /** A photo of the vehicle, stored whole by its owner's device; its form file id. */
  async function photo(device: TestDevice, vehicleId: string, size: number): Promise<{ formFileId: string; hash: string; bytes: Buffer }> {
    const api = device.client(UploadService);
    const file = describeFile(jpegBytes(size), `photo-${size}.jpg`);
    const bucketId = newId();
    const formFileId = newId();
    const added = await api.addFilesToBucket({ bucketId, formKey: `vehicle/${vehicleId}`, files: [file.toAdd(formFileId)] });
    if (added.files[0]!.needsUpload) {
      const { uploadUrl } = await api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
      expect((await putRange(server.url, uploadUrl, file.bytes, 0, file.bytes.length)).status).toBe(200);
      await api.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    }
    return { formFileId, hash: file.combinedHash, bytes: file.bytes };
  }

  let sizes = 700;
  /**
   * A seller with a vehicle holding one of every record: Info (with a plate and notes of its own), a private and a
   * public note, odometer readings with one typo, a reminder done with a reading, a track day, a service request with
   * an hour of work, a tag and two photos.
   */
  async function sellerWithVehicle() {
    const seller = await person('seller');
    const vehicleId = newId();
    const { userId } = seller;
    const ids = { privateNote: newId(), publicNote: newId(), reading: newId(), typo: newId(), later: newId(), reminder: newId(), done: newId(), doneReading: newId(), track: newId(), request: newId(), tag: `HAND${String(people).padStart(6, '0')}` };
    await ok(seller.device, { op: 'PUT', table: 'vehicles', id: vehicleId, data: { name: 'Blue Wagon', user_id: userId, description: 'Two owners, garaged.' } });
    await server.db.query(
      `insert into vehicles_info (id, vehicle_id, make, model, year, color, vin, license_plate, state, notes)
       values ($1, $2, 'Volvo', '240', 1991, 'Blue', 'yv1aw8803m1234567', 'SECRET-PLATE', 'OR', 'Paid 4000 cash to Jim')`,
      [newId(), vehicleId],
    );
    await ok(seller.device, [
      { op: 'PUT', table: 'vehicle_notes', id: ids.privateNote, data: { vehicle_id: vehicleId, user_id: userId, body: 'Private: spare key under the mat', is_public: 0 } },
      { op: 'PUT', table: 'vehicle_notes', id: ids.publicNote, data: { vehicle_id: vehicleId, user_id: userId, body: 'New timing belt', is_public: 1 } },
      { op: 'PUT', table: 'odometer_readings', id: ids.reading, data: { vehicle_id: vehicleId, user_id: userId, read_on: '2026-01-10', value: 200_000, unit: 'km' } },
      { op: 'PUT', table: 'odometer_readings', id: ids.typo, data: { vehicle_id: vehicleId, user_id: userId, read_on: '2026-02-10', value: 2_000_000, unit: 'km' } },
      { op: 'PUT', table: 'odometer_readings', id: ids.later, data: { vehicle_id: vehicleId, user_id: userId, read_on: '2026-03-10', value: 203_000, unit: 'km' } },
      { op: 'PUT', table: 'odometer_readings', id: ids.doneReading, data: { vehicle_id: vehicleId, user_id: userId, read_on: '2026-04-01', value: 204_000, unit: 'km' } },
      { op: 'PUT', table: 'vehicle_reminders', id: ids.reminder, data: { vehicle_id: vehicleId, user_id: userId, title: 'Oil change', due_on: '2026-04-01', distance_unit: 'km', every_months: 12 } },
      { op: 'PUT', table: 'reminder_completions', id: ids.done, data: { reminder_id: ids.reminder, vehicle_id: vehicleId, user_id: userId, done_on: '2026-04-01', reading_id: ids.doneReading } },
      { op: 'PUT', table: 'track_sessions', id: ids.track, data: { vehicle_id: vehicleId, user_id: userId, held_on: '2026-05-02', circuit: 'Laguna Seca', laps: 12, best_lap_ms: 101_500, conditions: 'dry' } },
      { op: 'PUT', table: 'service_requests', id: ids.request, data: { vehicle_id: vehicleId, description: 'Replace clutch' } },
    ]);
    await server.db.query(
      `insert into worktime (id, user_id, service_request_id, operation, time) values
         ($1, $3, $4, 1, '2026-05-10T08:00:00Z'), ($2, $3, $4, 2, '2026-05-10T09:00:00Z')`,
      [newId(), newId(), userId, ids.request],
    );
    await server.db.query('insert into qr_tags (id) values ($1)', [ids.tag]);
    await ok(seller.device, { op: 'PUT', table: 'qr_tags', id: ids.tag, data: { target_id: vehicleId, target_path: '/vehicle' } });
    const photos = [await photo(seller.device, vehicleId, ++sizes), await photo(seller.device, vehicleId, ++sizes)];
    return { ...seller, vehicleId, ids, photos };
  }

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    await seedAndReplicate(server);
    admin = await TestDevice.create(server);
    await admin.signIn('admin@tagbook.test', 'tagbook-admin');
    stranger = (await person('stranger')).device;
    anonymous = await TestDevice.create(server);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
    await database?.drop();
  });

  describe('transfer', () => {
    it('the owner starts one: the new owner is mailed a link, and only its digest is kept', async () => {
      const seller = await sellerWithVehicle();
      const started = await transfers(seller.device).startTransfer({ vehicleId: seller.vehicleId, email: '  Buyer.One@Example.COM ', keepPrivateNotes: false });
      const stored = await one<{ to_email: string; user_id: string; keep_private_notes: boolean; token_hash: Uint8Array; days: number }>(
        `select to_email, user_id, keep_private_notes, token_hash, round(extract(epoch from expires_at - created_at) / 86400)::int as days
           from vehicle_transfers where id = $1`,
        [started.transferId],
      );
      expect(stored).toMatchObject({ to_email: 'buyer.one@example.com', user_id: seller.userId, keep_private_notes: false, days: TRANSFER_LIFETIME_DAYS });
      const { mail, token } = await mailedLink('buyer.one@example.com');
      expect(mail.subject).toContain('Blue Wagon');
      expect(mail.body_text).toContain(`${PUBLIC_URL}/transfer/`);
      expect(Buffer.from(stored!.token_hash).toString('base64url')).not.toBe(token);
      expect(Buffer.from(stored!.token_hash).length).toBe(32);
      // Anyone holding the link reads what it offers, signed out too.
      const offered = await transfers(anonymous).getTransfer({ token });
      expect(offered).toMatchObject({
        state: TransferState.PENDING, vehicleName: 'Blue Wagon', vehicleSummary: '1991 Volvo 240', toEmail: 'buyer.one@example.com',
        keepPrivateNotes: false, vehicleId: '',
      });
      expect(offered.fromName).not.toBe('');
    });

    it('nobody but the owner starts one, not even an admin; bad addresses and a second waiting transfer are refused', async () => {
      const seller = await sellerWithVehicle();
      const start = (device: TestDevice, email = 'someone@example.com') => transfers(device).startTransfer({ vehicleId: seller.vehicleId, email, keepPrivateNotes: false });
      expect(await refused(start(stranger))).toEqual({ code: Code.NotFound, message: 'Vehicle not found!' });
      expect(await refused(start(admin))).toEqual({ code: Code.NotFound, message: 'Vehicle not found!' });
      expect((await refused(start(anonymous))).code).toBe(Code.Unauthenticated);
      expect((await refused(start(seller.device, 'not an address'))).code).toBe(Code.InvalidArgument);
      expect(await refused(start(seller.device, seller.email.toUpperCase()))).toEqual({ code: Code.InvalidArgument, message: TRANSFER_REFUSALS.toSelf });
      expect(await one('select count(*)::int as n from vehicle_transfers where vehicle_id = $1', [seller.vehicleId])).toEqual({ n: 0 });
      await start(seller.device);
      expect(await refused(start(seller.device, 'other@example.com'))).toEqual({ code: Code.FailedPrecondition, message: TRANSFER_REFUSALS.pendingExists });
      // A lapsed one waits no longer: another may start.
      await server.db.query(`update vehicle_transfers set expires_at = now() - interval '1 minute' where vehicle_id = $1`, [seller.vehicleId]);
      await start(seller.device, 'other@example.com');
      expect(await one('select count(*)::int as n from vehicle_transfers where vehicle_id = $1', [seller.vehicleId])).toEqual({ n: 2 });
    });

    it("is accepted by the account with the address it was sent to, signing up first; never by another account", async () => {
      const seller = await sellerWithVehicle();
      const buyerEmail = `buyer-${newId().slice(0, 6).toLowerCase()}@example.com`;
      await transfers(seller.device).startTransfer({ vehicleId: seller.vehicleId, email: buyerEmail, keepPrivateNotes: false });
      const { token } = await mailedLink(buyerEmail);
      expect((await refused(transfers(anonymous).acceptTransfer({ token }))).code).toBe(Code.Unauthenticated);
      expect(await refused(transfers(stranger).acceptTransfer({ token }))).toEqual({ code: Code.PermissionDenied, message: TRANSFER_REFUSALS.otherAccount });
      expect(await refused(transfers(admin).acceptTransfer({ token }))).toEqual({ code: Code.PermissionDenied, message: TRANSFER_REFUSALS.otherAccount });
      expect(await refused(transfers(seller.device).acceptTransfer({ token }))).toEqual({ code: Code.PermissionDenied, message: TRANSFER_REFUSALS.otherAccount });
      expect(await one('select user_id from vehicles where id = $1', [seller.vehicleId])).toEqual({ user_id: seller.userId });
      expect((await refused(transfers(stranger).acceptTransfer({ token: 'x'.repeat(43) }))).message).toBe(TRANSFER_REFUSALS.unknownLink);

      const buyer = await TestDevice.create(server);
      await buyer.register(buyerEmail, 'tagbook-buyer');
      const sellerClient = await openSyncClient({ server }, seller.userId);
      clients.push(sellerClient);
      await until(sellerClient, 'select 1 from vehicles where id = ?', [seller.vehicleId]);
      expect(await transfers(buyer).acceptTransfer({ token })).toEqual(expect.objectContaining({ vehicleId: seller.vehicleId }));
      const buyerId = buyer.session!.userId;

      // The vehicle and every record of it are the buyer's; the private note is gone, the public one stays.
      expect(await one('select user_id from vehicles where id = $1', [seller.vehicleId])).toEqual({ user_id: buyerId });
      for (const table of ['vehicles_info', 'odometer_readings', 'vehicle_reminders', 'reminder_completions', 'track_sessions', 'service_requests', 'vehicle_notes', 'upload_form_files']) {
        const owners = await server.db.query<{ owner_id: string }>(`select distinct owner_id from ${table} where vehicle_id = $1`, [seller.vehicleId]);
        expect(owners, table).toEqual([{ owner_id: buyerId }]);
      }
      expect(await one('select owner_id from qr_tags where id = $1', [seller.ids.tag])).toEqual({ owner_id: buyerId });
      expect(await one('select count(*)::int as n from vehicle_notes where id = $1', [seller.ids.privateNote])).toEqual({ n: 0 });
      expect(await one('select body from vehicle_notes where id = $1', [seller.ids.publicNote])).toEqual({ body: 'New timing belt' });
      expect(await one(`select detail from vehicle_events where vehicle_id = $1 and kind = 'ownership' order by created_at desc limit 1`, [seller.vehicleId])).toBeDefined();
      expect(await transfers(anonymous).getTransfer({ token })).toMatchObject({ state: TransferState.ACCEPTED, vehicleId: seller.vehicleId });

      // The buyer's devices receive it, the private note never among it; the seller's lose it.
      const buyerClient = await openSyncClient({ server }, buyerId);
      clients.push(buyerClient);
      await until(buyerClient, 'select 1 from vehicles where id = ?', [seller.vehicleId]);
      await until(buyerClient, 'select 1 from track_sessions where id = ?', [seller.ids.track]);
      expect(await buyerClient.db.getOptional('select id from vehicle_notes where id = ?', [seller.ids.privateNote])).toBeNull();
      expect(await buyerClient.db.getOptional<{ body: string }>('select body from vehicle_notes where id = ?', [seller.ids.publicNote])).toEqual({ body: 'New timing belt' });
      await until(sellerClient, 'select 1 where not exists (select 1 from vehicles where id = ?)', [seller.vehicleId]);

      // Once answered, it is over.
      expect(await refused(transfers(buyer).acceptTransfer({ token }))).toEqual({ code: Code.FailedPrecondition, message: TRANSFER_REFUSALS.notPending });
      expect(await refused(transfers(seller.device).cancelTransfer({ transferId: (await one<{ id: string }>('select id from vehicle_transfers where vehicle_id = $1', [seller.vehicleId]))!.id }))).toEqual({
        code: Code.FailedPrecondition, message: TRANSFER_REFUSALS.notPending,
      });
    });

    it('hands the private notes over when the owner chose so', async () => {
      const seller = await sellerWithVehicle();
      const buyer = await person('buyer');
      await transfers(seller.device).startTransfer({ vehicleId: seller.vehicleId, email: buyer.email, keepPrivateNotes: true });
      await transfers(buyer.device).acceptTransfer({ token: (await mailedLink(buyer.email)).token });
      expect(await one('select body, owner_id from vehicle_notes where id = $1', [seller.ids.privateNote])).toEqual({ body: 'Private: spare key under the mat', owner_id: buyer.userId });
    });

    it('is cancelled by its owner only, while it waits; a cancelled or lapsed one cannot be accepted', async () => {
      const seller = await sellerWithVehicle();
      const buyer = await person('buyer');
      const { transferId } = await transfers(seller.device).startTransfer({ vehicleId: seller.vehicleId, email: buyer.email, keepPrivateNotes: false });
      const { token } = await mailedLink(buyer.email);
      for (const device of [stranger, admin, buyer.device]) {
        expect(await refused(transfers(device).cancelTransfer({ transferId }))).toEqual({ code: Code.NotFound, message: 'Transfer not found' });
      }
      await transfers(seller.device).cancelTransfer({ transferId });
      expect(await refused(transfers(seller.device).cancelTransfer({ transferId }))).toEqual({ code: Code.FailedPrecondition, message: TRANSFER_REFUSALS.notPending });
      expect(await refused(transfers(buyer.device).acceptTransfer({ token }))).toEqual({ code: Code.FailedPrecondition, message: TRANSFER_REFUSALS.notPending });
      expect((await transfers(anonymous).getTransfer({ token })).state).toBe(TransferState.CANCELLED);

      await transfers(seller.device).startTransfer({ vehicleId: seller.vehicleId, email: buyer.email, keepPrivateNotes: false });
      const second = (await mailedLink(buyer.email)).token;
      await server.db.query(`update vehicle_transfers set expires_at = now() - interval '1 second' where cancelled_at is null and vehicle_id = $1`, [seller.vehicleId]);
      expect((await transfers(anonymous).getTransfer({ token: second })).state).toBe(TransferState.EXPIRED);
      expect(await refused(transfers(buyer.device).acceptTransfer({ token: second }))).toEqual({ code: Code.FailedPrecondition, message: TRANSFER_REFUSALS.notPending });
      expect(await one('select user_id from vehicles where id = $1', [seller.vehicleId])).toEqual({ user_id: seller.userId });
    });

    it('is void once the vehicle changed hands another way', async () => {
      const seller = await sellerWithVehicle();
      const buyer = await person('buyer');
      const other = await person('other');
      await transfers(seller.device).startTransfer({ vehicleId: seller.vehicleId, email: buyer.email, keepPrivateNotes: false });
      const { token } = await mailedLink(buyer.email);
      await server.db.query('update vehicles set user_id = $1 where id = $2', [other.userId, seller.vehicleId]);
      expect(await refused(transfers(buyer.device).acceptTransfer({ token }))).toEqual({ code: Code.FailedPrecondition, message: TRANSFER_REFUSALS.ownerChanged });
      expect(await one('select user_id from vehicles where id = $1', [seller.vehicleId])).toEqual({ user_id: other.userId });
    });

    it('two devices of the buyer accepting at once move the vehicle once', async () => {
      const seller = await sellerWithVehicle();
      const buyer = await person('buyer');
      const second = await TestDevice.create(server);
      await second.signIn(buyer.email, 'tagbook-person');
      await transfers(seller.device).startTransfer({ vehicleId: seller.vehicleId, email: buyer.email, keepPrivateNotes: false });
      const { token } = await mailedLink(buyer.email);
      const results = await Promise.allSettled([transfers(buyer.device).acceptTransfer({ token }), transfers(second).acceptTransfer({ token })]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await one(`select count(*)::int as n from vehicle_events where vehicle_id = $1 and kind = 'ownership'`, [seller.vehicleId])).toEqual({ n: 1 });
      expect(await one('select user_id from vehicles where id = $1', [seller.vehicleId])).toEqual({ user_id: buyer.userId });
    });
  });

  describe('history report link', () => {
    it('shows a signed-out reader the report, its picked photos downloadable, and nothing that is not on it', async () => {
      const seller = await sellerWithVehicle();
      const { token } = await reports(seller.device).shareReport({ vehicleId: seller.vehicleId, photoIds: [seller.photos[1]!.formFileId] });
      const { report } = await reports(anonymous).getSharedReport({ token });
      expect(report).toMatchObject({ title: 'Blue Wagon', subtitle: '1991 Volvo 240', description: 'Two owners, garaged.', unit: 'km', odometer: { on: '2026-04-01', value: 204_000 } });
      expect(report!.facts).toEqual([
        { $typeName: 'tagbook.v1.ReportFact', label: 'Year', value: '1991' },
        { $typeName: 'tagbook.v1.ReportFact', label: 'Make', value: 'Volvo' },
        { $typeName: 'tagbook.v1.ReportFact', label: 'Model', value: '240' },
        { $typeName: 'tagbook.v1.ReportFact', label: 'Colour', value: 'Blue' },
        { $typeName: 'tagbook.v1.ReportFact', label: 'VIN', value: 'YV1AW8803M1234567' },
      ]);
      // The typo (2,000,000 km) is no history.
      expect(report!.readings.map((r) => r.value)).toEqual([204_000, 203_000, 200_000]);
      expect(report!.service.map((s) => [s.kind, s.title, s.workMs, s.odometer])).toEqual([
        ['request', 'Replace clutch', 3_600_000n, undefined],
        ['maintenance', 'Oil change', undefined, 204_000],
      ]);
      expect(report!.trackDays.map((t) => [t.circuit, t.laps, t.bestLapMs])).toEqual([['Laguna Seca', 12, 101_500]]);
      expect(report!.photos.map((p) => p.id)).toEqual([seller.photos[1]!.formFileId]);
      const res = await fetch(new URL(report!.photos[0]!.url, server.url));
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(seller.photos[1]!.bytes)).toBe(true);
      // Nothing beyond the report: no owner, plate, Info notes, notes, tags or the photo not picked.
      const whole = JSON.stringify(report, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
      for (const secret of [seller.email, seller.userId, 'SECRET-PLATE', 'Paid 4000', 'spare key', 'New timing belt', seller.ids.tag, seller.photos[0]!.formFileId, seller.photos[0]!.hash]) {
        expect(whole, secret).not.toContain(secret);
      }
    });

    it('is made by those who may edit the vehicle, of its own photos only', async () => {
      const seller = await sellerWithVehicle();
      const other = await sellerWithVehicle();
      const share = (device: TestDevice, photoIds: string[] = []) => reports(device).shareReport({ vehicleId: seller.vehicleId, photoIds });
      expect(await refused(share(stranger))).toEqual({ code: Code.NotFound, message: 'Vehicle not found!' });
      expect((await refused(share(anonymous))).code).toBe(Code.Unauthenticated);
      expect((await refused(share(seller.device, [other.photos[0]!.formFileId]))).code).toBe(Code.InvalidArgument);
      expect((await refused(share(seller.device, [seller.photos[0]!.formFileId, seller.photos[0]!.formFileId]))).code).toBe(Code.InvalidArgument);
      expect((await refused(share(seller.device, Array.from({ length: REPORT_PHOTOS_MAX + 1 }, () => newId())))).code).toBe(Code.InvalidArgument);
      expect(await one('select count(*)::int as n from report_shares where vehicle_id = $1', [seller.vehicleId])).toEqual({ n: 0 });
      const byAdmin = await share(admin);
      expect((await reports(anonymous).getSharedReport({ token: byAdmin.token })).report?.title).toBe('Blue Wagon');
      // An admin who is one no longer: the link they made stops answering.
      await server.db.query('update users set is_admin = false where email = $1', ['admin@tagbook.test']);
      try {
        expect(await refused(reports(anonymous).getSharedReport({ token: byAdmin.token }))).toEqual({ code: Code.NotFound, message: REPORT_LINK_NOT_FOUND });
      } finally {
        await server.db.query('update users set is_admin = true where email = $1', ['admin@tagbook.test']);
      }
    });

    it('reaches the owner’s devices so it can be copied again, and no one else’s', async () => {
      const seller = await sellerWithVehicle();
      const { shareId, token } = await reports(seller.device).shareReport({ vehicleId: seller.vehicleId, photoIds: [] });
      const sellerClient = await openSyncClient({ server }, seller.userId);
      const strangerClient = await openSyncClient({ server }, stranger.session!.userId);
      clients.push(sellerClient, strangerClient);
      await until(sellerClient, 'select 1 from report_shares where id = ? and token = ?', [shareId, token]);
      await until(strangerClient, 'select 1 from users', []);
      expect(await strangerClient.db.getOptional('select id from report_shares where id = ?', [shareId])).toBeNull();
    });

    it('stops answering when revoked (by those who may, only), and when the vehicle changes hands', async () => {
      const seller = await sellerWithVehicle();
      const first = await reports(seller.device).shareReport({ vehicleId: seller.vehicleId, photoIds: [] });
      const second = await reports(seller.device).shareReport({ vehicleId: seller.vehicleId, photoIds: [] });
      expect(await refused(reports(stranger).revokeReportShare({ shareId: first.shareId }))).toEqual({ code: Code.NotFound, message: 'Report link not found' });
      expect((await reports(anonymous).getSharedReport({ token: first.token })).report?.title).toBe('Blue Wagon');
      await reports(seller.device).revokeReportShare({ shareId: first.shareId });
      expect(await refused(reports(anonymous).getSharedReport({ token: first.token }))).toEqual({ code: Code.NotFound, message: REPORT_LINK_NOT_FOUND });
      expect(await refused(reports(anonymous).getSharedReport({ token: 'y'.repeat(43) }))).toEqual({ code: Code.NotFound, message: REPORT_LINK_NOT_FOUND });
      expect((await reports(anonymous).getSharedReport({ token: second.token })).report?.title).toBe('Blue Wagon');

      const buyer = await person('buyer');
      await transfers(seller.device).startTransfer({ vehicleId: seller.vehicleId, email: buyer.email, keepPrivateNotes: false });
      await transfers(buyer.device).acceptTransfer({ token: (await mailedLink(buyer.email)).token });
      expect(await refused(reports(anonymous).getSharedReport({ token: second.token }))).toEqual({ code: Code.NotFound, message: REPORT_LINK_NOT_FOUND });
      // The new owner shares their own.
      const theirs = await reports(buyer.device).shareReport({ vehicleId: seller.vehicleId, photoIds: [] });
      expect((await reports(anonymous).getSharedReport({ token: theirs.token })).report?.title).toBe('Blue Wagon');
    });
  });
});
