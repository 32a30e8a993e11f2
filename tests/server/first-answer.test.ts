import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { decodeFirstAnswer } from '../../src/data/firstAnswerCodec.js';
import type { FirstAnswer } from '../../src/data/firstAnswer.js';
import { FIRST_ANSWER_ELEMENT_ID } from '../../src/domain/firstAnswer.js';
import { QrTagService, TagStatus } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { App, VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { describeFile, jpegBytes } from '../helpers/files.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { storeFile, upload, verdict } from '../helpers/upload.js';

const backends = await testBackends();

/** The page served for an address, and the first answer it carries (null: none, the plain shell). */
interface Served {
  res: Response;
  html: string;
  answer: FirstAnswer | null;
}

const ISLAND = new RegExp(`<script type="application/json" id="${FIRST_ANSWER_ELEMENT_ID}">([^<]*)</script>`);

/**
 * A tag's address answers in one round trip: the page carries what Resolve (and, for a vehicle it opens, GetVehicle and
 * the profile's contents) tells an anonymous caller, rendered and as data, and nothing else — whoever asks, since a
 * navigation carries no session. Never stored, so a changed vehicle is never shown as it was.
 */
describe.each(backends)("a tag's first answer on %s", (backend) => {
  let server: TestServer;
  let anonymous: TestDevice;
  let owner: TestDevice;
  let worker: TestDevice;
  let admin: TestDevice;
  let supra: string;
  let camper: string;

  const idOf = async (name: string) => (await server.db.query<{ id: string }>('select id from vehicles where name = $1', [name]))[0]!.id;

  async function open(path: string, headers: Record<string, string> = {}): Promise<Served> {
    const res = await fetch(server.url + path, { headers: { 'accept-encoding': 'identity', ...headers } });
    const html = await res.text();
    const island = ISLAND.exec(html)?.[1];
    return { res, html, answer: island === undefined ? null : decodeFirstAnswer(island) };
  }

  /** What the RPCs tell an anonymous caller about the tag, in the first answer's shape (download URLs aside). */
  async function anonymousView(hash: string) {
    const resolve = await anonymous.client(QrTagService).resolve({ hash });
    if (resolve.status !== TagStatus.VEHICLE) return { resolve, vehicle: null, profile: null };
    const vehicleId = resolve.vehicleId;
    return {
      resolve,
      vehicle: await anonymous.client(VehicleService).getVehicle({ vehicleId }),
      profile: await anonymous.client(VehicleContentsService).listVehicleContents({ vehicleId, app: App.PROFILE }),
    };
  }

  beforeAll(async () => {
    requireBuild();
    // The site as people reach it, which need not be the address the server listens on.
    server = await startTestServer(backend, { PUBLIC_URL: 'https://tags.example' });
    await seedDemo(server.db);
    [anonymous, owner, worker, admin] = await Promise.all([
      TestDevice.create(server),
      TestDevice.create(server),
      TestDevice.create(server),
      TestDevice.create(server),
    ]);
    await owner.signIn('owner@tagbook.test', 'tagbook-demo');
    // The Supra's owner.
    await worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await admin.signIn('admin@tagbook.test', 'tagbook-admin');
    supra = await idOf('Supra Turbo');
    camper = await idOf('Camper van');
  });
  afterAll(async () => server?.stop());

  it("a public vehicle's tag: its page, made of exactly what the RPCs tell an anonymous caller", async () => {
    const { res, html, answer } = await open('/DEMOTAG00004');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer).not.toBeNull();
    const { files, hash, ...rest } = answer!;
    expect(hash).toBe('DEMOTAG00004');
    expect(rest).toEqual(await anonymousView('DEMOTAG00004'));
    expect(answer!.resolve).toMatchObject({ status: TagStatus.VEHICLE, vehicleId: supra });
    expect(files).toEqual({});
    // Rendered by the vehicle page itself: text a person reads before any script runs.
    expect(html).toContain('data-page="vehicle"');
    expect(html).toContain('<span data-field="vehicle-name">Supra Turbo</span>');
    expect(html).toContain('<title>Supra Turbo · Tagbook</title>');
    expect(html).toContain('<span class="app-header-title">Supra Turbo</span>');
    // Nothing of the owner: neither name nor address, in the markup or the data.
    expect(html).not.toContain('worker@tagbook.test');
    expect(answer!.vehicle!.owner).toBeUndefined();
    expect(answer!.vehicle!.vehicle!.userId).toBe('');
  });

  it('the owner, an admin and a stranger are all given the anonymous answer: a navigation carries no session', async () => {
    const privatePage = await open('/DEMOTAG00003');
    // The owner's own Resolve would open the vehicle; the page says only what a stranger is told.
    expect((await owner.client(QrTagService).resolve({ hash: 'DEMOTAG00003' })).status).toBe(TagStatus.VEHICLE);
    expect((await admin.client(QrTagService).resolve({ hash: 'DEMOTAG00003' })).status).toBe(TagStatus.VEHICLE);
    const { files, hash, ...rest } = privatePage.answer!;
    expect(rest).toEqual(await anonymousView('DEMOTAG00003'));
    expect(privatePage.answer!.resolve.status).toBe(TagStatus.PRIVATE_VEHICLE);
    expect(files).toEqual({});
    expect(hash).toBe('DEMOTAG00003');
    // The private vehicle's page shows nothing of it: no id, no name.
    expect(privatePage.html).toContain('data-tag-state="private-vehicle"');
    expect(privatePage.html).toContain('This tag belongs to a private vehicle');
    expect(privatePage.html).toContain('<title>Private vehicle · Tagbook</title>');
    expect(privatePage.html).not.toContain(camper);
    expect(privatePage.html).not.toContain('Camper van');
    expect(privatePage.res.headers.get('cache-control')).toBe('no-store');
  });

  it('an unclaimed tag: the claim page with its way to sign in and assign it; an unknown one: the tag page says so', async () => {
    const free = await open('/DEMOFREE0003');
    expect(free.answer!.resolve).toMatchObject({ status: TagStatus.UNCLAIMED, hash: 'DEMOFREE0003' });
    expect(free.answer!.vehicle).toBeNull();
    expect(free.html).toContain('data-tag-assignment="available"');
    expect(free.html).toContain('is Available.');
    expect(free.html).toContain('data-action="sign-in-to-claim"');
    // The bottom bar of a signed-out visitor, whose links work before any script, back to this page.
    expect(free.html).toContain('<a data-action="open-login" href="/register/DEMOFREE0003?auth=login">');
    // The site's own domain, from its configuration (PUBLIC_URL), never from the request.
    expect(free.html).toContain('data-site-domain="tags.example"');
    expect(free.html).toContain('You are on <strong>tags.example</strong>');

    const unknown = await open('/ZZZZ99990000');
    expect(unknown.answer!.resolve.status).toBe(TagStatus.NOT_FOUND);
    expect(unknown.html).toContain('data-tag-state="not-found"');
  });

  it('a code typed in another case answers for the tag it names, by its own code', async () => {
    const { answer, html } = await open('/demotag00004');
    expect(answer!.hash).toBe('demotag00004');
    expect(answer!.resolve).toMatchObject({ status: TagStatus.VEHICLE, hash: 'DEMOTAG00004', vehicleId: supra });
    expect(html).toContain('Supra Turbo');
  });

  it('a browser someone is signed in on gets the plain shell: its device resolves the tag for that person', async () => {
    const { answer, html, res } = await open('/DEMOTAG00003', { cookie: 'theme=dark; tagbook_session=anything' });
    expect(answer).toBeNull();
    expect(html).toContain('data-boot-frame');
    expect(html).not.toContain('private vehicle');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // A cleared cookie is no session.
    expect((await open('/DEMOTAG00003', { cookie: 'tagbook_session=' })).answer).not.toBeNull();
  });

  it('pages that are not a tag keep the plain shell', async () => {
    for (const path of ['/', '/help', `/vehicle/${supra}`, '/register/DEMOFREE0003']) {
      const { answer, res } = await open(path);
      expect(answer, path).toBeNull();
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('the cover photo is in the page at the address GetDownloadSignedUrl gives an anonymous caller, and it downloads', async () => {
    const photo = describeFile(jpegBytes(3_000), 'supra.jpg');
    await storeFile(server.url, worker, `vehicle/${supra}`, photo);
    expect(verdict(await upload(worker, { table: 'vehicles', id: supra, op: 'PATCH', data: { cover: photo.combinedHash } }))).toBe('ok');

    const { answer, html } = await open('/DEMOTAG00004');
    const url = answer!.files[photo.combinedHash];
    expect(url).toBeDefined();
    expect(Object.keys(answer!.files)).toEqual([photo.combinedHash]);
    expect(html).toContain(`<img class="vehicle-cover__photo" src="${url!.replaceAll('&', '&amp;')}"`);
    const image = await fetch(new URL(url!, server.url));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(photo.bytes);
  });

  it('a vehicle that changes is never shown as it was: renamed, then made private', async () => {
    const hostile = 'Fast </script><script>alert(1)</script>\u2028car';
    expect(verdict(await upload(worker, { table: 'vehicles', id: supra, op: 'PATCH', data: { name: 'Supra Mk4 <i>', description: hostile } }))).toBe('ok');
    const renamed = await open('/DEMOTAG00004');
    // A name is a person's writing: text in the title and on the page, never markup.
    expect(renamed.html).toContain('<title>Supra Mk4 &#60;i&#62; · Tagbook</title>');
    expect(renamed.html).toContain('<span data-field="vehicle-name">Supra Mk4 &lt;i&gt;</span>');
    expect(renamed.html).not.toContain('Supra Turbo');
    // The description can neither close the data element nor become markup; it reads back whole.
    expect(renamed.html).not.toContain('<script>alert(1)');
    expect(renamed.answer!.vehicle!.vehicle!.description).toBe(hostile);

    expect(verdict(await upload(worker, { table: 'vehicles', id: supra, op: 'PATCH', data: { is_public: 0 } }))).toBe('ok');
    const hidden = await open('/DEMOTAG00004');
    expect(hidden.answer!.resolve.status).toBe(TagStatus.PRIVATE_VEHICLE);
    expect(hidden.answer!.vehicle).toBeNull();
    expect(hidden.answer!.files).toEqual({});
    expect(hidden.html).not.toContain('Supra Mk4');
    expect(hidden.html).not.toContain(supra);
    expect(hidden.html).toContain('data-tag-state="private-vehicle"');
  });
});
