import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FREE_TAGS } from '../../server/db/seed.js';
import { newId, newTagHash } from '../../src/domain/ids.js';
import { CONTACT_LIMITS, CONTACT_REFUSALS, contactReasonLabel, defang, messageProblem } from '../../src/domain/ownerContact.js';
import { vehiclePath } from '../../src/domain/routes.js';
import { OwnerContactService } from '../../src/gen/tagbook/v1/owner_contact_pb.js';
import { outcome as callOutcome, refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { openSyncClient, openSyncTestDatabase, seedAndReplicate, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';
import { upload, verdict, type Change } from '../helpers/upload.js';

const backends = await testBackends();

type Role = 'owner' | 'stranger' | 'admin' | 'worker';
type Sent = { tagHash: string; reason?: string; body?: string; replyEmail?: string };
type StoredMessage = {
  id: string; vehicle_id: string; recipient_id: string; tag_id: string; reason: string; body: string; reply_email: string | null;
  can_reply: boolean; sender_key: string; reply: string | null; replied_at: unknown; read_at: unknown; deleted_at: unknown;
};

/** Where the test server says the owner reads a message (PUBLIC_URL of openSyncTestDatabase). */
const PUBLIC_URL = 'http://tagbook.test';
/** What ReplyToMessage answers anyone but the message's recipient, whether it exists or not. */
const NOT_FOUND = 'Message not found';
/** The columns a synced device holds of a message (sync-rules.yaml, by_user). */
const SYNCED_COLUMNS = ['vehicle_id', 'reason', 'body', 'can_reply', 'created_at', 'updated_at', 'read_at', 'reply', 'replied_at', 'deleted_at'];

/**
 * Reaching a vehicle's owner through its tag (OwnerContactService, migration 0028): a visitor, signed in or not, sends
 * a message through a claimed tag; it is stored for the owner (synced to the owner's devices only, without where an
 * answer would reach the sender) and mailed to them defanged; the owner may answer once, relayed by mail. The limits
 * per tag, per sender (its network address: the server trusts X-Forwarded-For here, so each visitor device is a
 * sender of its own) and per owner, the vehicle's switch (contact_off), and what uploads may do to a message.
 */
describe.each(backends)('contacting an owner through a tag on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  const devices = {} as Record<Role, TestDevice>;
  const userIds = {} as Record<Role, string>;
  const clients = {} as Record<'owner' | 'stranger', SyncClient>;
  let red911: string;
  let bronco: string;
  let camper: string;

  let addresses = 0;
  /** A network address no other device of this file uses. */
  const nextAddress = () => {
    const n = ++addresses;
    return `10.77.${n >> 8}.${n & 255}`;
  };
  /** Someone who scanned a tag, not signed in, from an address of their own. */
  const visitor = (address = nextAddress()) => TestDevice.create(server, { address });

  let markers = 0;
  /** A word no other message of this file holds (no dot, no '@': defanging leaves it as it is). */
  const marker = () => `marker${++markers}x${newId().replace(/[^A-Za-z0-9]/g, '')}`;

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0];
  const send = (from: TestDevice, { tagHash, reason = 'lights', body = '', replyEmail = '' }: Sent) =>
    from.client(OwnerContactService).sendToOwner({ tagHash, reason, body, replyEmail });
  const reply = (from: TestDevice, messageId: string, body: string) => from.client(OwnerContactService).replyToMessage({ messageId, body });
  /** The code and words of a refused call. */
  const refused = async (call: Promise<unknown>) => {
    const error = await refusal(call);
    return { code: error.code, message: error.rawMessage };
  };
  const messageWith = (body: string) => one<StoredMessage>('select * from owner_messages where body = $1', [body]);
  const messagesOfTag = async (tagId: string) => (await one<{ n: number }>('select count(*)::int as n from owner_messages where tag_id = $1', [tagId]))!.n;
  const allMessages = async () => (await one<{ n: number }>('select count(*)::int as n from owner_messages'))!.n;
  const allMails = async () => (await one<{ n: number }>('select count(*)::int as n from mail_outbox'))!.n;
  /** The mails about messages stored for `to`, oldest first. */
  const messageMails = (to: string) =>
    server.db.query<{ subject: string; body_text: string }>(
      `select subject, body_text from mail_outbox where to_address = $1 and subject like 'A message about your %' order by created_at, id`,
      [to],
    );
  const mailsHolding = async (to: string, text: string) => (await messageMails(to)).filter((m) => m.body_text.includes(text));

  /** 'ok' when the upload was applied whole, else the refusals' codes. */
  const uploadOutcome = async (role: Role | TestDevice, changes: Change | Change[]) => verdict(await upload(typeof role === 'string' ? devices[role] : role, changes));
  const uploadRefusals = async (role: Role, changes: Change | Change[]) =>
    (await upload(devices[role], changes)).errors.map((e) => ({ code: e.code, message: e.message }));

  /** A new tag claimed for `vehicleId` by its owner's device, the way the app claims one. */
  async function freshTag(owner: TestDevice, vehicleId: string): Promise<string> {
    const hash = newTagHash();
    await server.db.query('insert into qr_tags (id) values ($1)', [hash]);
    expect(await uploadOutcome(owner, { op: 'PUT', table: 'qr_tags', id: hash, data: { target_id: vehicleId, target_path: '/vehicle' } })).toBe('ok');
    return hash;
  }

  let people = 0;
  /** A person who just registered, with a vehicle of their own (named `name`) and one tag on it. */
  async function freshOwner(name = 'Limit car') {
    const device = await TestDevice.create(server, { address: nextAddress() });
    const email = `person-${++people}@tagbook.test`;
    await device.register(email, 'tagbook-person');
    const vehicleId = newId();
    expect(await uploadOutcome(device, { op: 'PUT', table: 'vehicles', id: vehicleId, data: { name, user_id: device.session!.userId } })).toBe('ok');
    return { device, email, userId: device.session!.userId, vehicleId, tag: await freshTag(device, vehicleId) };
  }

  /** `count` messages stored for `recipient` `hoursAgo` hours ago, as if sent then through `tagId`. */
  async function storedEarlier(recipient: { userId: string; vehicleId: string }, tagId: string, count: number, hoursAgo: number, sender = 'earlier') {
    for (let i = 0; i < count; i++) {
      await server.db.query(
        `insert into owner_messages (id, vehicle_id, recipient_id, tag_id, reason, sender_key, created_at)
         values ($1, $2, $3, $4, 'lights', $5, now() - $6::int * interval '1 hour')`,
        [newId(), recipient.vehicleId, recipient.userId, tagId, sender, hoursAgo],
      );
    }
  }

  /** The message's row as the device's local database holds it, or null. */
  const onDevice = (client: SyncClient, id: string) =>
    client.db.getOptional<Record<string, unknown>>(`select ${SYNCED_COLUMNS.join(', ')} from owner_messages where id = ?`, [id]);
  /** Everything the device received of the message, as the sync stream brought it (not only the schema's columns). */
  const receivedData = async (client: SyncClient, id: string) => {
    const row = await client.db.getOptional<{ data: string }>('select data from ps_data__owner_messages where id = ?', [id]);
    return row === null ? null : (JSON.parse(row.data) as Record<string, unknown>);
  };

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    // Behind our proxy: the address a limit counts is the last X-Forwarded-For entry, one per visitor device here.
    server = await database.start({ env: { TRUST_PROXY: '1' } });
    const ids = await seedAndReplicate(server);
    for (const role of ['owner', 'stranger', 'admin', 'worker'] as const) devices[role] = await TestDevice.create(server, { address: nextAddress() });
    await devices.owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await devices.worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.stranger.register('stranger@tagbook.test', 'tagbook-stranger');
    for (const role of Object.keys(devices) as Role[]) userIds[role] = devices[role].session!.userId;
    expect({ owner: userIds.owner, admin: userIds.admin, worker: userIds.worker }).toEqual(ids);
    const vehicle = async (name: string) => (await one<{ id: string }>('select id from vehicles where name = $1', [name]))!.id;
    red911 = await vehicle('Red 911');
    bronco = await vehicle('Trail Bronco');
    camper = await vehicle('Camper van');
    clients.owner = await openSyncClient({ server }, userIds.owner);
    clients.stranger = await openSyncClient({ server }, userIds.stranger);
  });
  afterAll(async () => {
    for (const client of Object.values(clients)) await client?.close();
    await server?.close();
    await database?.drop();
  });

  describe('sending a message', () => {
    let publicMessage: StoredMessage;
    let privateMessage: StoredMessage;
    let publicSender: string;
    let privateSender: string;

    it("an anonymous visitor reaches a public vehicle's owner through its tag, leaving a reply address", async () => {
      publicSender = nextAddress();
      const body = `Your headlights are on, parked by the north gate. ${marker()}`;
      await send(await visitor(publicSender), { tagHash: 'DEMOTAG00001', reason: 'lights', body, replyEmail: '  visitor.one@example.org ' });
      publicMessage = (await messageWith(body))!;
      expect(publicMessage).toMatchObject({
        vehicle_id: red911, recipient_id: userIds.owner, tag_id: 'DEMOTAG00001', reason: 'lights', body,
        reply_email: 'visitor.one@example.org', can_reply: true, sender_key: publicSender, reply: null, replied_at: null, read_at: null, deleted_at: null,
      });
      const mails = await mailsHolding('owner@tagbook.test', defang(body));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toBe('A message about your Red 911');
      expect(mail!.body_text).toContain(`Reason: ${contactReasonLabel('lights')}`);
      expect(mail!.body_text).toContain(defang(body));
      expect(mail!.body_text).toContain(`${PUBLIC_URL}${vehiclePath(red911, 'messages')}`);
      expect(mail!.body_text).toContain('You can answer once');
      // Nothing of the sender: neither their address as given nor defanged, nor their network address.
      for (const text of [mail!.subject, mail!.body_text]) {
        for (const secret of ['visitor.one', 'example.org', 'example[.]org', defang('visitor.one@example.org'), publicSender]) expect(text).not.toContain(secret);
      }
    });

    it("an anonymous visitor reaches a private vehicle's owner the same way; without a reply address none can answer", async () => {
      privateSender = nextAddress();
      const body = `A window of the van is open. ${marker()}`;
      await send(await visitor(privateSender), { tagHash: 'DEMOTAG00003', reason: 'open', body });
      privateMessage = (await messageWith(body))!;
      expect(privateMessage).toMatchObject({
        vehicle_id: camper, recipient_id: userIds.owner, tag_id: 'DEMOTAG00003', reason: 'open', body, reply_email: null, can_reply: false, sender_key: privateSender,
      });
      const mails = await mailsHolding('owner@tagbook.test', defang(body));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('A message about your Camper van');
      expect(mails[0]!.body_text).toContain(`Reason: ${contactReasonLabel('open')}`);
      expect(mails[0]!.body_text).toContain('They left no way to answer');
      expect(mails[0]!.body_text).toContain(`${PUBLIC_URL}${vehiclePath(camper, 'messages')}`);
    });

    it('a signed-in person sends too, and a common reason needs no words; the tag may be typed in lower case', async () => {
      const before = await messagesOfTag('DEMOTAG00004');
      await send(devices.stranger, { tagHash: 'demotag00004', reason: 'blocking' });
      expect(await messagesOfTag('DEMOTAG00004')).toBe(before + 1);
      expect(await one('select recipient_id, reason, body, can_reply from owner_messages where tag_id = $1 order by created_at desc limit 1', ['DEMOTAG00004'])).toEqual({
        recipient_id: userIds.worker, reason: 'blocking', body: '', can_reply: false,
      });
      const [mail] = (await messageMails('worker@tagbook.test')).slice(-1);
      expect(mail!.body_text).toContain(`Reason: ${contactReasonLabel('blocking')}`);
      expect(mail!.body_text).not.toContain('Message:');
      expect(mail!.body_text).not.toContain('stranger');
    });

    it("the owner's device receives both, with can_reply and without where an answer would reach the sender", async () => {
      for (const message of [publicMessage, privateMessage]) {
        await clients.owner.waitFor(async () => (await onDevice(clients.owner, message.id)) !== null, `message ${message.id} on the owner's device`);
        expect(await onDevice(clients.owner, message.id)).toMatchObject({
          vehicle_id: message.vehicle_id, reason: message.reason, body: message.body, can_reply: message.can_reply ? 1 : 0, reply: null, replied_at: null,
          read_at: null, deleted_at: null,
        });
        // What the stream brought: the rule's columns (those not null) and nothing else: no reply_email, sender_key,
        // recipient_id or tag_id.
        const data = (await receivedData(clients.owner, message.id))!;
        expect(Object.keys(data).sort()).toEqual(['body', 'can_reply', 'created_at', 'reason', 'updated_at', 'vehicle_id']);
        expect(data.can_reply).toBe(message.can_reply ? 1 : 0);
        expect(JSON.stringify(data)).not.toContain('visitor.one');
        expect(JSON.stringify(data)).not.toContain(message.sender_key);
      }
    });

    it("a stranger's device receives none of them", async () => {
      // The stranger's own change, made after the messages, reaching the stranger's device: by then theirs would have too.
      const name = `Stranger ${marker()}`;
      expect(await uploadOutcome('stranger', { op: 'PATCH', table: 'users', id: userIds.stranger, data: { display_name: name } })).toBe('ok');
      await clients.stranger.waitFor(
        async () => (await clients.stranger.db.getOptional<{ display_name: string }>('select display_name from users where id = ?', [userIds.stranger]))?.display_name === name,
        "the stranger's own change on the stranger's device",
      );
      expect(await clients.stranger.rows('owner_messages')).toEqual([]);
      expect(await clients.stranger.db.getAll('select id from ps_data__owner_messages')).toEqual([]);
    });
  });

  describe('what is refused before anything is stored', () => {
    it('an unknown tag and an unclaimed tag give the same answer: nothing is learnt', async () => {
      const messages = await allMessages();
      const mails = await allMails();
      const v = await visitor();
      const unknown = await refused(send(v, { tagHash: 'NOSUCHTAG123', body: 'hello' }));
      const unclaimed = await refused(send(v, { tagHash: DEMO_FREE_TAGS[0]!, body: 'hello' }));
      expect(unknown).toEqual({ code: Code.NotFound, message: CONTACT_REFUSALS.noOwner });
      expect(unclaimed).toEqual(unknown);
      // Nor with a reply address, nor for 'other' with words.
      expect(await refused(send(v, { tagHash: DEMO_FREE_TAGS[1]!, reason: 'other', body: 'Is this yours?', replyEmail: 'me@example.org' }))).toEqual(unknown);
      expect(await allMessages()).toBe(messages);
      expect(await allMails()).toBe(mails);
    });

    it('a tag code that cannot be one is invalid_argument', async () => {
      const v = await visitor();
      for (const tagHash of ['', 'short', 'DEMOTAG0000!', 'DEMO TAG 00001', 'A'.repeat(17), "DEMOTAG00001' or 1=1"]) {
        expect(await refused(send(v, { tagHash })), JSON.stringify(tagHash)).toEqual({ code: Code.InvalidArgument, message: 'A tag hash is 8 to 16 letters or digits' });
      }
    });

    it('a reason not in the list, "other" without words, a body over the limit or a bad reply address is invalid_argument; nothing is stored', async () => {
      const tag = await freshTag(devices.owner, red911);
      const messages = await allMessages();
      const mails = await allMails();
      const v = await visitor();
      const tries: [Omit<Sent, 'tagHash'>, string][] = [
        [{ reason: 'nope', body: 'hello' }, messageProblem('nope', 'hello')!],
        [{ reason: '', body: 'hello' }, messageProblem('', 'hello')!],
        [{ reason: 'Lights', body: 'hello' }, messageProblem('Lights', 'hello')!],
        [{ reason: 'other', body: '' }, messageProblem('other', '')!],
        // Blanks and line breaks only are no words.
        [{ reason: 'other', body: '  \n\r\n\t ' }, messageProblem('other', '')!],
        [{ reason: 'lights', body: 'x'.repeat(CONTACT_LIMITS.body + 1) }, messageProblem('lights', 'x'.repeat(CONTACT_LIMITS.body + 1))!],
        [{ reason: 'other', body: 'x'.repeat(CONTACT_LIMITS.body + 1) }, messageProblem('other', 'x'.repeat(CONTACT_LIMITS.body + 1))!],
        ...['not-an-address', 'a@b', 'two words@example.org', 'a@@example.org', '@example.org', `${'x'.repeat(CONTACT_LIMITS.email)}@example.org`].map(
          (replyEmail): [Omit<Sent, 'tagHash'>, string] => [{ reason: 'lights', body: 'hello', replyEmail }, 'Type an email address an answer can reach, or leave it empty'],
        ),
      ];
      expect(messageProblem('nope', 'hello')).toBe('Pick a reason');
      expect(messageProblem('other', '')).toBe('Say what it is about');
      expect(messageProblem('lights', 'x'.repeat(CONTACT_LIMITS.body + 1))).toBe(`Keep it under ${CONTACT_LIMITS.body} characters`);
      for (const [request, message] of tries) {
        expect(await refused(send(v, { tagHash: tag, ...request })), JSON.stringify(request).slice(0, 80)).toEqual({ code: Code.InvalidArgument, message });
      }
      expect(await allMessages()).toBe(messages);
      expect(await allMails()).toBe(mails);
      // None of them counted against the tag or the sender: the same visitor sends a whole message there now.
      expect(await messagesOfTag(tag)).toBe(0);
      const body = 'y'.repeat(CONTACT_LIMITS.body);
      await send(v, { tagHash: tag.toLowerCase(), reason: 'other', body });
      expect(await one('select tag_id, reason, body from owner_messages where tag_id = $1', [tag])).toEqual({ tag_id: tag, reason: 'other', body });
    });
  });

  describe("the vehicle's switch (contact_off)", () => {
    it('the owner turns messages off through an upload: every tag of the vehicle refuses them; on again, they are sent', async () => {
      const second = await freshTag(devices.owner, bronco);
      expect(await uploadOutcome('owner', { op: 'PATCH', table: 'vehicles', id: bronco, data: { contact_off: 1 } })).toBe('ok');
      expect(await one('select contact_off from vehicles where id = $1', [bronco])).toEqual({ contact_off: true });
      const messages = await allMessages();
      const mails = await allMails();
      const v = await visitor();
      for (const tagHash of ['DEMOTAG00002', second]) {
        expect(await refused(send(v, { tagHash, body: 'Lights on' })), tagHash).toEqual({ code: Code.FailedPrecondition, message: CONTACT_REFUSALS.off });
      }
      expect(await allMessages()).toBe(messages);
      expect(await allMails()).toBe(mails);
      // The owner's device holds the switch as it is.
      await clients.owner.waitFor(
        async () => (await clients.owner.db.getOptional<{ contact_off: number }>('select contact_off from vehicles where id = ?', [bronco]))?.contact_off === 1,
        "the switch on the owner's device",
      );
      // Other vehicles of the same owner still take messages.
      const body = `Still reachable. ${marker()}`;
      await send(v, { tagHash: await freshTag(devices.owner, red911), body });
      expect((await messageWith(body))!.vehicle_id).toBe(red911);

      expect(await uploadOutcome('owner', { op: 'PATCH', table: 'vehicles', id: bronco, data: { contact_off: 0 } })).toBe('ok');
      expect(await one('select contact_off from vehicles where id = $1', [bronco])).toEqual({ contact_off: false });
      const again = `Back on. ${marker()}`;
      await send(v, { tagHash: 'DEMOTAG00002', reason: 'towing', body: again });
      expect(await messageWith(again)).toMatchObject({ vehicle_id: bronco, recipient_id: userIds.owner, tag_id: 'DEMOTAG00002' });
      expect(await mailsHolding('owner@tagbook.test', again)).toHaveLength(1);
    });

    it("a stranger cannot set another's switch; nor can anyone set it to nothing", async () => {
      for (const value of [1, 0]) {
        expect(await uploadRefusals('stranger', { op: 'PATCH', table: 'vehicles', id: bronco, data: { contact_off: value } })).toEqual([
          { code: 'not_found', message: 'Vehicle not found or not yours' },
        ]);
      }
      expect(await uploadRefusals('owner', { op: 'PATCH', table: 'vehicles', id: bronco, data: { contact_off: null } })).toEqual([
        { code: 'invalid_value', message: 'Messages through the tag are either on or off' },
      ]);
      expect(await one('select contact_off from vehicles where id = $1', [bronco])).toEqual({ contact_off: false });
      // An admin may, as on anything of a vehicle the app edits.
      expect(await uploadOutcome('admin', { op: 'PATCH', table: 'vehicles', id: bronco, data: { contact_off: 1 } })).toBe('ok');
      expect(await uploadOutcome('owner', { op: 'PATCH', table: 'vehicles', id: bronco, data: { contact_off: 0 } })).toBe('ok');
      expect(await one('select contact_off from vehicles where id = $1', [bronco])).toEqual({ contact_off: false });
    });
  });

  describe('the limits', () => {
    it(`per tag and hour: the ${CONTACT_LIMITS.perTagPerHour + 1}th within the hour is refused, from anyone; another tag of the vehicle still takes one`, async () => {
      const person = await freshOwner();
      for (let i = 0; i < CONTACT_LIMITS.perTagPerHour; i++) await send(await visitor(), { tagHash: person.tag, body: `number ${i}` });
      for (const from of [await visitor(), devices.stranger]) {
        expect(await refused(send(from, { tagHash: person.tag, body: 'one more' }))).toEqual({ code: Code.ResourceExhausted, message: CONTACT_REFUSALS.tag });
      }
      expect(await messagesOfTag(person.tag)).toBe(CONTACT_LIMITS.perTagPerHour);
      expect(await messageMails(person.email)).toHaveLength(CONTACT_LIMITS.perTagPerHour);
      const other = await freshTag(person.device, person.vehicleId);
      await send(await visitor(), { tagHash: other, body: 'through the other tag' });
      expect(await messagesOfTag(other)).toBe(1);
    });

    it(`per tag and day: ${CONTACT_LIMITS.perTagPerDay} within a day, however spread over it; older ones do not count`, async () => {
      const person = await freshOwner();
      // A day and more ago: not counted.
      await storedEarlier(person, person.tag, CONTACT_LIMITS.perTagPerDay, 25);
      await send(await visitor(), { tagHash: person.tag });
      // Earlier today, outside the last hour.
      await storedEarlier(person, person.tag, CONTACT_LIMITS.perTagPerDay - 2, 3);
      await send(await visitor(), { tagHash: person.tag });
      expect(await refused(send(await visitor(), { tagHash: person.tag }))).toEqual({ code: Code.ResourceExhausted, message: CONTACT_REFUSALS.tag });
      expect(await messageMails(person.email)).toHaveLength(2);
    });

    it(`per sender and hour: one address writes to ${CONTACT_LIMITS.perSenderPerHour} tags, then to none; others still write`, async () => {
      const sender = nextAddress();
      const people = [await freshOwner(), await freshOwner()];
      const tags: string[] = [];
      for (let i = 0; tags.length < CONTACT_LIMITS.perSenderPerHour + 1; i++) {
        const person = people[i % people.length]!;
        tags.push(await freshTag(person.device, person.vehicleId));
      }
      for (const tagHash of tags.slice(0, CONTACT_LIMITS.perSenderPerHour)) await send(await visitor(sender), { tagHash, body: 'from one address' });
      const last = tags.at(-1)!;
      // Another device from the same address is the same sender, whatever the tag.
      expect(await refused(send(await visitor(sender), { tagHash: last }))).toEqual({ code: Code.ResourceExhausted, message: CONTACT_REFUSALS.sender });
      expect(await refused(send(await visitor(sender), { tagHash: 'DEMOTAG00004' }))).toEqual({ code: Code.ResourceExhausted, message: CONTACT_REFUSALS.sender });
      expect(await one('select count(*)::int as n from owner_messages where sender_key = $1', [sender])).toEqual({ n: CONTACT_LIMITS.perSenderPerHour });
      await send(await visitor(), { tagHash: last });
      expect(await messagesOfTag(last)).toBe(1);
      // Messages from the address more than an hour ago do not count.
      const earlier = nextAddress();
      const person = people[0]!;
      await storedEarlier(person, 'SOMEOLDTAG01', CONTACT_LIMITS.perSenderPerHour, 2, earlier);
      await send(await visitor(earlier), { tagHash: await freshTag(person.device, person.vehicleId) });
    });

    it(`per owner and day: ${CONTACT_LIMITS.perOwnerPerDay}, whatever the tags and senders; other owners still take theirs`, async () => {
      const person = await freshOwner();
      // Through tags and from senders of their own, earlier today.
      await storedEarlier(person, 'EARLIERTAG01', CONTACT_LIMITS.perOwnerPerDay - 1, 5);
      await send(await visitor(), { tagHash: person.tag });
      const other = await freshTag(person.device, person.vehicleId);
      expect(await refused(send(await visitor(), { tagHash: other }))).toEqual({ code: Code.ResourceExhausted, message: CONTACT_REFUSALS.owner });
      expect(await messagesOfTag(other)).toBe(0);
      expect(await one('select count(*)::int as n from owner_messages where recipient_id = $1', [person.userId])).toEqual({ n: CONTACT_LIMITS.perOwnerPerDay });
      const someoneElse = await freshOwner();
      await send(await visitor(), { tagHash: someoneElse.tag });
      expect(await messagesOfTag(someoneElse.tag)).toBe(1);
    });

    it('concurrent messages to one tag from distinct senders: exactly the hourly limit is stored, the rest are refused', async () => {
      const person = await freshOwner();
      const senders = await Promise.all(Array.from({ length: 8 }, () => visitor()));
      const results = await Promise.all(
        senders.map(async (v, i) => {
          const call = send(v, { tagHash: person.tag, body: `at once ${i}` });
          const result = await callOutcome(call);
          return result === 'ok' ? 'ok' : { result, ...(await refused(call)) };
        }),
      );
      expect(results.filter((r) => r === 'ok')).toHaveLength(CONTACT_LIMITS.perTagPerHour);
      expect(results.filter((r) => r !== 'ok')).toEqual(
        Array.from({ length: 8 - CONTACT_LIMITS.perTagPerHour }, () => ({ result: 'resource_exhausted', code: Code.ResourceExhausted, message: CONTACT_REFUSALS.tag })),
      );
      expect(await messagesOfTag(person.tag)).toBe(CONTACT_LIMITS.perTagPerHour);
      expect(await messageMails(person.email)).toHaveLength(CONTACT_LIMITS.perTagPerHour);
    });

    it('concurrent messages from one sender to many tags, and from many senders to one owner: exactly the limit is stored', async () => {
      const person = await freshOwner();
      const tags = [person.tag];
      for (let i = 1; i < 8; i++) tags.push(await freshTag(person.device, person.vehicleId));
      const sender = nextAddress();
      const fromOne = await Promise.all(tags.map(async (tagHash) => callOutcome(send(await visitor(sender), { tagHash }))));
      expect(fromOne.filter((r) => r === 'ok')).toHaveLength(CONTACT_LIMITS.perSenderPerHour);
      expect(fromOne.filter((r) => r !== 'ok')).toEqual(Array.from({ length: 8 - CONTACT_LIMITS.perSenderPerHour }, () => 'resource_exhausted'));
      expect(await one('select count(*)::int as n from owner_messages where sender_key = $1', [sender])).toEqual({ n: CONTACT_LIMITS.perSenderPerHour });

      // The owner has had perSenderPerHour today; fill up to 3 short of the daily limit, then 8 senders at once.
      const other = await freshOwner();
      const otherTags = [other.tag];
      for (let i = 1; i < 8; i++) otherTags.push(await freshTag(other.device, other.vehicleId));
      await storedEarlier(other, 'EARLIERTAG02', CONTACT_LIMITS.perOwnerPerDay - 3, 5);
      const toOne = await Promise.all(otherTags.map(async (tagHash) => callOutcome(send(await visitor(), { tagHash }))));
      expect(toOne.filter((r) => r === 'ok')).toHaveLength(3);
      expect(toOne.filter((r) => r !== 'ok')).toEqual(Array.from({ length: 5 }, () => 'resource_exhausted'));
      expect(await one('select count(*)::int as n from owner_messages where recipient_id = $1', [other.userId])).toEqual({ n: CONTACT_LIMITS.perOwnerPerDay });
      expect(await messageMails(other.email)).toHaveLength(3);
    });
  });

  describe('what a stranger wrote, in the mail', () => {
    it('is defanged: no link, no address, no markup; the vehicle name too', async () => {
      const person = await freshOwner('Visit https://evil.example/car <b>now</b> or mail me@evil.example');
      const body = [
        '<a href="https://evil.example/x">click</a> mail me at a@b.co',
        'or www.evil.example, evil\u200b.example, café.com, пример.рф, evil\u3002example, hxxp://ok, javascript:alert(1)',
        '\u202eReversed text\u202c and a bell\u0007 <script>alert(1)</script>',
        marker(),
      ].join('\n');
      await send(await visitor(), { tagHash: person.tag, reason: 'other', body });
      // Stored as written (control characters gone): the app shows it as text.
      const stored = (await one<{ body: string }>('select body from owner_messages where tag_id = $1', [person.tag]))!.body;
      expect(stored).toBe(body.replace('\u0007', ''));
      const [mail, ...more] = await messageMails(person.email);
      expect(more).toEqual([]);
      expect(mail!.body_text).toContain(`Reason: ${contactReasonLabel('other')}`);
      // What the visitor wrote sits between 'Message:' and the next blank line.
      const text = mail!.body_text;
      const start = text.indexOf('Message:\n') + 'Message:\n'.length;
      const written = text.slice(start, text.indexOf('\n\n', start));
      expect(written).toBe(defang(stored));
      for (const part of [written, mail!.subject]) {
        expect(part).not.toContain('://');
        expect(part).not.toContain('@');
        expect(part).not.toContain('<');
        expect(part).not.toContain('>');
        expect(part).not.toMatch(/example\.\w/);
        expect(part).not.toMatch(/\w\.\w/);
        // Nor a dot in a word of any script, nor one an address parser reads as a dot: only defang's '[.]'.
        expect(part.replaceAll('[.]', ' ')).not.toMatch(/[^\s.\u3002\uff0e\uff61][.\u3002\uff0e\uff61][^\s.\u3002\uff0e\uff61]/);
        expect(part).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/);
      }
      expect(written).toContain('evil[.]example');
      expect(written).toContain('a[at]b[.]co');
      expect(written).toContain('https[:]//');
      expect(written).toContain('café[.]com, пример[.]рф, evil[.]example');
      expect(written.split('\n')).toHaveLength(4);
      expect(mail!.subject).toBe(`A message about your ${defang('Visit https://evil.example/car <b>now</b> or mail me@evil.example')}`);
    });
  });

  describe('answering', () => {
    let answered: StoredMessage;
    let unanswerable: StoredMessage;
    const answer = 'Thanks! I moved it. Details at https://garage.example/x or ask at the desk.';

    beforeAll(async () => {
      const tag = await freshTag(devices.owner, red911);
      const withAddress = `Your car is blocking my garage. ${marker()}`;
      const without = `Your lights are on. ${marker()}`;
      await send(await visitor(), { tagHash: tag, reason: 'blocking', body: withAddress, replyEmail: 'answer.me@example.org' });
      await send(await visitor(), { tagHash: tag, reason: 'lights', body: without });
      answered = (await messageWith(withAddress))!;
      unanswerable = (await messageWith(without))!;
    });
    const answers = (to: string) =>
      server.db.query<{ subject: string; body_text: string }>('select subject, body_text from mail_outbox where to_address = $1 order by created_at', [to]);

    it('is for the signed-in recipient only: anonymous is unauthenticated; a stranger, an admin or an unknown id is not_found', async () => {
      expect(await refused(reply(await visitor(), answered.id, answer))).toEqual({ code: Code.Unauthenticated, message: 'This call needs a session: sign in first' });
      for (const role of ['stranger', 'admin', 'worker'] as const) {
        expect(await refused(reply(devices[role], answered.id, answer)), role).toEqual({ code: Code.NotFound, message: NOT_FOUND });
      }
      expect(await refused(reply(devices.owner, newId(), answer))).toEqual({ code: Code.NotFound, message: NOT_FOUND });
      expect(await answers('answer.me@example.org')).toEqual([]);
      expect(await one('select reply, replied_at from owner_messages where id = $1', [answered.id])).toEqual({ reply: null, replied_at: null });
    });

    it('needs words, and not too many', async () => {
      expect(await refused(reply(devices.owner, answered.id, ' \n '))).toEqual({ code: Code.InvalidArgument, message: 'Write your answer' });
      expect(await refused(reply(devices.owner, answered.id, 'x'.repeat(CONTACT_LIMITS.reply + 1)))).toEqual({
        code: Code.InvalidArgument, message: `Keep it under ${CONTACT_LIMITS.reply} characters`,
      });
      expect(await answers('answer.me@example.org')).toEqual([]);
    });

    it("the recipient answers once: mailed to the sender's address, defanged, with nothing of the owner's", async () => {
      await reply(devices.owner, answered.id, `  ${answer}\n`);
      const row = (await one<{ reply: string; replied: boolean }>('select reply, replied_at is not null as replied from owner_messages where id = $1', [answered.id]))!;
      expect(row).toEqual({ reply: answer, replied: true });
      const mails = await answers('answer.me@example.org');
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toBe('An answer from the vehicle owner you wrote to');
      expect(mail!.body_text).toContain(defang(answer));
      expect(mail!.body_text).not.toContain('://');
      for (const secret of ['owner@tagbook.test', 'owner[at]tagbook[.]test', 'Demo Owner', 'Red 911', red911, userIds.owner]) {
        expect(`${mail!.subject}\n${mail!.body_text}`).not.toContain(secret);
      }
    });

    it('a second answer is failed_precondition, and mails nothing', async () => {
      expect(await refused(reply(devices.owner, answered.id, 'And another thing'))).toEqual({ code: Code.FailedPrecondition, message: 'This message was answered already' });
      expect(await answers('answer.me@example.org')).toHaveLength(1);
      expect(await one('select reply from owner_messages where id = $1', [answered.id])).toEqual({ reply: answer });
    });

    it('a message without a reply address cannot be answered', async () => {
      const mails = await allMails();
      expect(await refused(reply(devices.owner, unanswerable.id, answer))).toEqual({ code: Code.FailedPrecondition, message: 'The sender left no way to answer' });
      expect(await one('select reply, replied_at from owner_messages where id = $1', [unanswerable.id])).toEqual({ reply: null, replied_at: null });
      expect(await allMails()).toBe(mails);
    });

    it("a removed message cannot be answered", async () => {
      const body = `Please call back. ${marker()}`;
      await send(await visitor(), { tagHash: await freshTag(devices.owner, red911), body, replyEmail: 'removed@example.org' });
      const message = (await messageWith(body))!;
      expect(await uploadOutcome('owner', { op: 'PATCH', table: 'owner_messages', id: message.id, data: { deleted_at: new Date().toISOString() } })).toBe('ok');
      expect(await refused(reply(devices.owner, message.id, answer))).toEqual({ code: Code.NotFound, message: NOT_FOUND });
      expect(await answers('removed@example.org')).toEqual([]);
    });

    it("the answer reaches the owner's device", async () => {
      await clients.owner.waitFor(async () => (await onDevice(clients.owner, answered.id))?.reply === answer, "the answer on the owner's device");
      const row = (await onDevice(clients.owner, answered.id))!;
      expect(row.can_reply).toBe(1);
      expect(typeof row.replied_at).toBe('string');
      const data = (await receivedData(clients.owner, answered.id))!;
      expect(SYNCED_COLUMNS).toEqual(expect.arrayContaining(Object.keys(data)));
      expect(data).toMatchObject({ reply: answer, can_reply: 1 });
      expect(JSON.stringify(data)).not.toContain('answer.me');
    });
  });

  describe('uploads of a message', () => {
    let message: StoredMessage;
    const NOT_MADE_THIS_WAY = 'Messages are sent through a tag, and removed by their recipient';

    beforeAll(async () => {
      const body = `Something fell out of your boot. ${marker()}`;
      await send(await visitor(), { tagHash: await freshTag(devices.owner, red911), reason: 'found', body, replyEmail: 'finder@example.org' });
      message = (await messageWith(body))!;
    });
    const patch = (data: Record<string, unknown>, id = message.id): Change => ({ op: 'PATCH', table: 'owner_messages', id, data });

    it('the recipient marks it read, then removes it', async () => {
      expect(await uploadOutcome('owner', patch({ read_at: new Date().toISOString() }))).toBe('ok');
      expect(await one('select read_at is not null as read, deleted_at from owner_messages where id = $1', [message.id])).toEqual({ read: true, deleted_at: null });
      expect(await uploadOutcome('owner', patch({ read_at: null }))).toBe('ok');
      expect(await one('select read_at from owner_messages where id = $1', [message.id])).toEqual({ read_at: null });
      expect(await uploadOutcome('owner', patch({ deleted_at: new Date().toISOString() }))).toBe('ok');
      expect(await one('select deleted_at is not null as removed from owner_messages where id = $1', [message.id])).toEqual({ removed: true });
    });

    it('the recipient cannot rewrite what was sent, nor answer, nor give it away, through an upload', async () => {
      const tries: Record<string, unknown>[] = [
        { body: 'rewritten' }, { reply: 'answered here' }, { replied_at: new Date().toISOString() }, { reply_email: 'me@example.org' }, { can_reply: 0 },
        { reason: 'other' }, { sender_key: 'x' }, { recipient_id: userIds.stranger }, { vehicle_id: bronco }, { tag_id: 'DEMOTAG00002' },
      ];
      for (const data of tries) {
        const [column] = Object.keys(data);
        expect(await uploadRefusals('owner', patch(data)), column).toEqual([{ code: 'permission_denied', message: `owner_messages.${column} cannot be written from a device` }]);
      }
      expect(await one('select body, reply, reply_email, can_reply, recipient_id, vehicle_id from owner_messages where id = $1', [message.id])).toEqual({
        body: message.body, reply: null, reply_email: 'finder@example.org', can_reply: true, recipient_id: userIds.owner, vehicle_id: red911,
      });
    });

    it('a stranger, the worker or an admin cannot change it', async () => {
      for (const role of ['stranger', 'worker', 'admin'] as const) {
        for (const data of [{ read_at: new Date().toISOString() }, { deleted_at: null }]) {
          expect(await uploadRefusals(role, patch(data)), role).toEqual([{ code: 'not_found', message: 'There is no such row to change' }]);
        }
      }
      expect(await one('select read_at, deleted_at is not null as removed from owner_messages where id = $1', [message.id])).toEqual({ read_at: null, removed: true });
      // A message that does not exist is answered as for any table.
      expect(await uploadRefusals('stranger', patch({ read_at: new Date().toISOString() }, newId()))).toEqual([{ code: 'not_found', message: 'There is no such row to change' }]);
    });

    it('nobody makes one through an upload, or deletes one: an admin included', async () => {
      for (const role of ['owner', 'stranger', 'admin'] as const) {
        const id = newId();
        expect(await uploadRefusals(role, { op: 'PUT', table: 'owner_messages', id, data: { read_at: null } }), role).toEqual([
          { code: 'permission_denied', message: NOT_MADE_THIS_WAY },
        ]);
        expect(await uploadRefusals(role, { op: 'PUT', table: 'owner_messages', id, data: { vehicle_id: red911, reason: 'lights', body: 'forged' } }), role).toEqual([
          { code: 'permission_denied', message: 'owner_messages.vehicle_id cannot be written from a device' },
        ]);
        expect(await one('select count(*)::int as n from owner_messages where id = $1', [id])).toEqual({ n: 0 });
        expect(await uploadRefusals(role, { op: 'DELETE', table: 'owner_messages', id: message.id }), role).toEqual([
          { code: 'permission_denied', message: NOT_MADE_THIS_WAY },
        ]);
        expect(await one('select count(*)::int as n from owner_messages where id = $1', [message.id])).toEqual({ n: 1 });
      }
    });
  });
});
