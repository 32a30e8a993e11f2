import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LIMITS } from '../../server/accounts/mail-throttle.js';
import { pruneStoredRows, RETENTION } from '../../server/db/retention.js';
import { seedDemo } from '../../server/db/seed.js';
import { mailsTo } from '../helpers/auth-db.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

describe.each(backends)('what a caller can make the server store or send is bounded, on %s', (backend) => {
  let server: TestServer;
  const count = async (sql: string, params: unknown[] = []) => Number((await server.db.query<{ n: string }>(sql, params))[0]!.n);

  beforeAll(async () => {
    // Client addresses come from X-Forwarded-For, as behind the deployment's proxy: the tests below give each
    // device its own address (without it every call would count against 127.0.0.1's limit too).
    server = await startTestServer(backend, { TRUST_PROXY: '1' });
    await seedDemo(server.db);
  });
  afterAll(async () => server?.stop());

  describe('mail bombing', () => {
    it.each<['loginEmail' | 'requestRecoverPassword']>([['loginEmail'], ['requestRecoverPassword']])(
      '40 %s calls for one registered address send a few mails and answer the same every time',
      async (call) => {
        await server.db.query('delete from mail_throttle');
        const before = (await mailsTo(server, 'owner@tagbook.test')).length;
        // A different client address per call: the per-target limit alone must hold.
        const devices = await Promise.all(Array.from({ length: 40 }, (_, i) => TestDevice.create(server, { address: `203.0.113.${i}` })));
        const answers = await Promise.all(
          devices.map((d) => (call === 'loginEmail' ? d.auth.loginEmail({ email: 'owner@tagbook.test' }) : d.account.requestRecoverPassword({ email: 'owner@tagbook.test' }))),
        );
        expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
        expect((await mailsTo(server, 'owner@tagbook.test')).length - before).toBe(MAIL_LIMITS.perTargetPerHour);
      },
    );

    it('one client address cannot mail many addresses', async () => {
      await server.db.query('delete from mail_throttle');
      await server.db.query(
        `insert into users (id, display_name, email, username_digest)
         select 'mailuser' || lpad(i::text, 14, '0'), 'x', 'many' || i || '@example.com', lpad(to_hex(i), 64, '0')
           from generate_series(1, 30) as i`,
      );
      const attacker = await TestDevice.create(server, { address: '198.51.100.7' });
      for (let i = 1; i <= 30; i++) await attacker.auth.loginEmail({ email: `many${i}@example.com` });
      await server.mailer.idle();
      expect(await count(`select count(*) as n from mail_outbox where to_address like 'many%@example.com'`)).toBe(MAIL_LIMITS.perClientPerHour);
    });
  });

  describe('write checkpoints', () => {
    it('stores nothing for anonymous visitors', async () => {
      const { token } = await server.sync.issueToken(null);
      const before = await count('select count(*) as n from sync_write_checkpoints');
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${server.url}/write-checkpoint2.json?client_id=made-up-${i}`, { headers: { authorization: `Token ${token}` } });
        expect(res.status).toBe(403);
      }
      expect(await count('select count(*) as n from sync_write_checkpoints')).toBe(before);
    });

    it('keeps a bounded number of client ids per user, the most recently used', async () => {
      const [{ id: userId }] = (await server.db.query<{ id: string }>(`select id from users where email = 'owner@tagbook.test'`)) as [{ id: string }];
      const { token } = await server.sync.issueToken(userId);
      for (let i = 0; i < RETENTION.writeCheckpointsPerUser + 20; i++) {
        const res = await fetch(`${server.url}/write-checkpoint2.json?client_id=device-${i}`, { headers: { authorization: `Token ${token}` } });
        expect(res.status).toBe(200);
      }
      expect(await count('select count(*) as n from sync_write_checkpoints where user_id = $1', [userId])).toBe(RETENTION.writeCheckpointsPerUser);
      const newest = `device-${RETENTION.writeCheckpointsPerUser + 19}`;
      expect(await count('select count(*) as n from sync_write_checkpoints where user_id = $1 and client_id = $2', [userId, newest])).toBe(1);
      expect(await count(`select count(*) as n from sync_write_checkpoints where user_id = $1 and client_id = 'device-0'`, [userId])).toBe(0);
    });
  });

  it("keeps each device's upload mark however old, and a bounded number of devices per user, the most recently used", async () => {
    const [{ id: userId }] = (await server.db.query<{ id: string }>(`select id from users where email = 'worker@tagbook.test'`)) as [{ id: string }];
    const devices = RETENTION.uploadClientsPerUser + 20;
    await server.db.query(
      `insert into sync_upload_clients (user_id, client_id, last_transaction_id, updated_at)
       select $1, 'device-' || n, n, now() - interval '10 years' + n * interval '1 day' from generate_series(1, $2::int) as n`,
      [userId, devices],
    );
    const removed = await pruneStoredRows(server.db);
    expect(removed.sync_upload_clients_per_user).toBe(20);
    expect(await count('select count(*) as n from sync_upload_clients where user_id = $1', [userId])).toBe(RETENTION.uploadClientsPerUser);
    expect(await count(`select count(*) as n from sync_upload_clients where user_id = $1 and client_id = 'device-21'`, [userId])).toBe(1);
    expect(await count(`select count(*) as n from sync_upload_clients where user_id = $1 and client_id = 'device-20'`, [userId])).toBe(0);
  });

  it('keeps why each file left its bucket unsent however old, and a bounded number per user, the most recent', async () => {
    const [{ id: userId }] = (await server.db.query<{ id: string }>(`select id from users where email = 'worker@tagbook.test'`)) as [{ id: string }];
    const files = RETENTION.goneFormFilesPerUser + 20;
    await server.db.query(
      `insert into gone_form_files (id, user_id, upload_form_id, file_hash, swept, gone_at)
       select 'gone-' || n, $1, 'bucket', md5(n::text), n % 2 = 0, now() - interval '10 years' + n * interval '1 day' from generate_series(1, $2::int) as n`,
      [userId, files],
    );
    const removed = await pruneStoredRows(server.db);
    expect(removed.gone_form_files_per_user).toBe(20);
    expect(await count('select count(*) as n from gone_form_files where user_id = $1', [userId])).toBe(RETENTION.goneFormFilesPerUser);
    expect(await count(`select count(*) as n from gone_form_files where id = 'gone-21'`)).toBe(1);
    expect(await count(`select count(*) as n from gone_form_files where id = 'gone-20'`)).toBe(0);
  });

  it('prunes stale rows of every table a caller can grow, and keeps fresh ones', async () => {
    const [{ id: userId }] = (await server.db.query<{ id: string }>(`select id from users where email = 'owner@tagbook.test'`)) as [{ id: string }];
    await server.db.query(`insert into sign_in_failures (key, window_started_at, failures) values ('account:stale', now() - interval '2 days', 3), ('account:fresh', now(), 1)`);
    await server.db.query(`insert into mail_throttle (key, window_started_at, sent) values ('to:stale@x', now() - interval '2 days', 1), ('to:fresh@x', now(), 1)`);
    await server.db.query(`insert into sync_write_checkpoints (user_id, client_id, checkpoint, head_seq, updated_at) values ($1, 'stale-device', 1, 0, now() - interval '40 days')`, [userId]);
    await server.db.query(
      `insert into sync_upload_transactions (user_id, client_id, transaction_id, created_at) values ($1, 'old', 1, now() - interval '100 days'), ($1, 'new', 1, now())`,
      [userId],
    );
    await server.db.query(
      `insert into mail_outbox (id, to_address, subject, body_text, created_at) values ('oldmail', 'a@x', 's', 'b', now() - interval '40 days'), ('newmail', 'a@x', 's', 'b', now())`,
    );
    const removed = await pruneStoredRows(server.db);
    expect(removed).toMatchObject({ sign_in_failures: 1, mail_throttle: 1, sync_write_checkpoints: 1, sync_upload_transactions: 1, mail_outbox: 1 });
    expect(await count(`select count(*) as n from sign_in_failures where key = 'account:fresh'`)).toBe(1);
    expect(await count(`select count(*) as n from mail_throttle where key = 'to:fresh@x'`)).toBe(1);
    expect(await count(`select count(*) as n from sync_upload_transactions where client_id = 'new'`)).toBe(1);
    expect(await count(`select count(*) as n from mail_outbox where id = 'newmail'`)).toBe(1);
  });
});
