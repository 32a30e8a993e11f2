import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../server/db/db.js';
import { migrate } from '../../server/db/migrate.js';
import { migrations } from '../../server/db/migrations/index.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import { DEMO_FREE_TAGS, DEMO_VEHICLE_TAGS, formatDemoCredentials, seedDemo } from '../../server/db/seed.js';
import { clientDigests, verifyPassword } from '../../server/accounts/passwords.js';
import { POSTGRES_ADMIN_URL as ADMIN_URL, testBackends } from '../helpers/databases.js';

const ALL_VERSIONS = migrations.map((m) => m.version);

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database; `open` may be called more than once to get several independent connections to it. */
interface Fresh {
  open(): Promise<Db>;
  drop(): Promise<void>;
}

interface Backend {
  name: 'pglite' | 'postgres';
  fresh(): Promise<Fresh>;
}

async function freshPostgres(): Promise<Fresh> {
  const name = `tagbook_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const opened: Db[] = [];
  return {
    async open() {
      const db = await openPostgres(url.toString());
      opened.push(db);
      return db;
    },
    async drop() {
      await Promise.all(opened.map((db) => db.close()));
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function freshPglite(): Promise<Fresh> {
  // One in-memory instance is one database: every open() returns it, like connections to one server.
  const db = await openPglite(null);
  return { open: async () => db, drop: () => db.close() };
}

/**
 * The schema, migrations, seed and both adapters, run identically against embedded PGlite and a real PostgreSQL
 * (unless opted out: tests/helpers/databases.ts).
 */
const available = await testBackends();
const backends: Backend[] = (
  [
    { name: 'pglite', fresh: freshPglite },
    { name: 'postgres', fresh: freshPostgres },
  ] as const
).filter((b) => available.includes(b.name));

const TABLES = [
  'bucket_files', 'companies', 'company_employees', 'customers', 'mail_outbox', 'one_time_secrets', 'qr_tags',
  'schema_migrations', 'server_keys', 'service_requests', 'sessions', 'sign_in_failures', 'upload_buckets',
  'upload_form_files', 'user_credentials', 'users', 'vehicles', 'vehicles_info', 'worktime',
  'sync_upload_transactions', 'sync_upload_rejections',
];

/** ISO 3779 check digit (position 9) of a 17-character VIN. */
function vinIsValid(vin: string): boolean {
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return false;
  const value = (c: string) => (/\d/.test(c) ? Number(c) : 'ABCDEFGH.JKLMN.P.R.STUVWXYZ'.indexOf(c) % 9 + 1);
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce((acc, c, i) => acc + value(c) * (weights[i] ?? 0), 0) % 11;
  return vin[8] === (sum === 10 ? 'X' : String(sum));
}

const CHECK_VIOLATION = { code: '23514' };
const UNIQUE_VIOLATION = { code: '23505' };

describe.each(backends)('database on $name', (backend) => {
  let fresh: Fresh;
  let db: Db;

  async function count(sql: string): Promise<number> {
    const [row] = await db.query<{ n: string }>(`select count(*) as n from ${sql}`);
    return Number(row?.n);
  }

  beforeAll(async () => {
    fresh = await backend.fresh();
    db = await fresh.open();
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  test('migrates a fresh database', async () => {
    expect(db.kind).toBe(backend.name);
    expect(await migrate(db)).toEqual(ALL_VERSIONS);
    const rows = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    // Later migrations add tables of their own (sync state); every entity table must be there.
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(TABLES));
  });

  test('migrating again changes nothing', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await count('schema_migrations')).toBe(ALL_VERSIONS.length);
  });

  test('two processes migrating one database at once apply each migration once', async () => {
    const other = await backend.fresh();
    try {
      const [a, b] = [await other.open(), await other.open()];
      const results = await Promise.all([migrate(a), migrate(b)]);
      expect(results.flat().sort()).toEqual(ALL_VERSIONS);
    } finally {
      await other.drop();
    }
  });

  test("0014 gives each device that uploaded before it its mark: the highest transaction it was answered", async () => {
    const other = await backend.fresh();
    try {
      const older = await other.open();
      await migrate(older, migrations.filter((m) => m.version < '0014'));
      await older.query(`insert into users (id, email, username_digest) values ('u1', 'u1@example.com', repeat('a', 64))`);
      await older.query(
        `insert into sync_upload_transactions (user_id, client_id, transaction_id) values ('u1', 'phone', 3), ('u1', 'phone', 41), ('u1', 'tablet', 7)`,
      );
      expect(await migrate(older)).toEqual(ALL_VERSIONS.filter((v) => v >= '0014'));
      const marks = await older.query<{ client_id: string; last_transaction_id: string }>(
        'select client_id, last_transaction_id from sync_upload_clients order by client_id',
      );
      expect(marks).toEqual([{ client_id: 'phone', last_transaction_id: '41' }, { client_id: 'tablet', last_transaction_id: '7' }]);
    } finally {
      await other.drop();
    }
  });

  test('seeds the demo data into an empty database', async () => {
    const credentials = await seedDemo(db);
    expect(credentials).toEqual({
      admin: { email: 'admin@tagbook.test', password: 'tagbook-admin' },
      owner: { email: 'owner@tagbook.test', password: 'tagbook-demo' },
      worker: { email: 'worker@tagbook.test', password: 'tagbook-worker' },
    });
    expect(formatDemoCredentials(credentials!)).toContain('owner@tagbook.test');

    expect(await count('users')).toBe(3);
    expect(await count('users where is_admin')).toBe(1);
    expect(await count('user_credentials')).toBe(3);
    expect(await count('vehicles')).toBe(6);
    expect(await count('vehicles where is_public')).toBe(5);
    expect(await count(`vehicles v join users u on u.id = v.user_id where u.email = 'owner@tagbook.test'`)).toBe(3);
    expect(await count(`vehicles v join users u on u.id = v.user_id where u.email = 'owner@tagbook.test' and not v.is_public`)).toBe(1);
    expect(await count('vehicles_info')).toBe(6);
    expect(await count(`qr_tags where target_id is not null and target_path = '/vehicle'`)).toBe(6);
    expect(await count('qr_tags where target_id is null')).toBe(4);
    expect(await count(`companies where name = 'Tagbook Garage'`)).toBe(1);
    expect(await count(`company_employees e join users u on u.id = e.user_id where u.email = 'worker@tagbook.test'`)).toBe(1);
    expect(await count('customers')).toBe(2);
    expect(await count('service_requests where company_id is not null and has_started')).toBe(1);
    expect(await count('worktime where operation = 1')).toBe(1);

    const tags = await db.query<{ id: string }>('select id from qr_tags order by id');
    expect(tags.map((t) => t.id).sort()).toEqual([...DEMO_FREE_TAGS, ...DEMO_VEHICLE_TAGS].sort());
    const vins = await db.query<{ vin: string }>('select vin from vehicles_info');
    for (const { vin } of vins) expect(vinIsValid(vin), vin).toBe(true);
  });

  test('seeded credentials verify the way sign-in will check them', async () => {
    const digests = clientDigests('Owner@Tagbook.test ', 'tagbook-demo');
    const [row] = await db.query<{ password_salt: Uint8Array; password_hash: Uint8Array }>(
      `select c.password_salt, c.password_hash from users u join user_credentials c on c.user_id = u.id
       where u.username_digest = $1`,
      [digests.username],
    );
    expect(row).toBeDefined();
    const stored = { salt: Buffer.from(row!.password_salt), hash: Buffer.from(row!.password_hash) };
    expect(await verifyPassword(digests.password, stored)).toBe(true);
    expect(await verifyPassword(clientDigests('owner@tagbook.test', 'wrong').password, stored)).toBe(false);
  });

  test('seeding a database that has users does nothing', async () => {
    expect(await seedDemo(db)).toBeNull();
    expect(await count('users')).toBe(3);
    expect(await count('vehicles')).toBe(6);
  });

  test('a locked bucket cannot be unlocked', async () => {
    await db.query(`insert into upload_buckets (id, locked) values ('bucket-1', 0)`);
    await db.query(`update upload_buckets set locked = 1 where id = 'bucket-1'`);
    await expect(db.query(`update upload_buckets set locked = 0 where id = 'bucket-1'`)).rejects.toMatchObject(CHECK_VIOLATION);
    const [row] = await db.query<{ locked: number }>(`select locked from upload_buckets where id = 'bucket-1'`);
    expect(row?.locked).toBe(1);
    await expect(db.query(`insert into upload_buckets (id, locked) values ('bucket-2', 2)`)).rejects.toMatchObject(CHECK_VIOLATION);
  });

  test('tag hashes must be 8 to 16 letters or digits', async () => {
    for (const bad of ['SHORT12', 'TOOLONG1234567890', 'HAS-DASH123', 'with space1']) {
      await expect(db.query('insert into qr_tags (id) values ($1)', [bad])).rejects.toMatchObject(CHECK_VIOLATION);
    }
    await db.query('insert into qr_tags (id) values ($1), ($2)', ['abcd1234', 'ABCDEFGH12345678']);
    await expect(db.query(`insert into qr_tags (id) values ('DEMOFREE0001')`)).rejects.toMatchObject(UNIQUE_VIOLATION);
  });

  test('vehicle ids have the URL shape; one info row per vehicle', async () => {
    await expect(db.query(`insert into vehicles (id) values ('not-22-chars')`)).rejects.toMatchObject(CHECK_VIOLATION);
    const [vehicle] = await db.query<{ id: string }>('select id from vehicles limit 1');
    await expect(
      db.query(`insert into vehicles_info (id, vehicle_id) values ('second-info', $1)`, [vehicle!.id]),
    ).rejects.toMatchObject(UNIQUE_VIOLATION);
    await expect(
      db.query(`update vehicles_info set year = 0 where vehicle_id = $1`, [vehicle!.id]),
    ).rejects.toMatchObject(CHECK_VIOLATION);
  });

  test('updates bump updated_at unless the writer sets it', async () => {
    const [before] = await db.query<{ updated_at: Date }>(`select updated_at from companies`);
    await db.query(`update companies set short_info = 'Open on Saturdays'`);
    const [after] = await db.query<{ updated_at: Date }>(`select updated_at from companies`);
    expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
    const explicit = new Date('2020-01-01T00:00:00Z');
    await db.query(`update companies set updated_at = $1`, [explicit]);
    const [kept] = await db.query<{ updated_at: Date }>(`select updated_at from companies`);
    expect(kept!.updated_at.toISOString()).toBe(explicit.toISOString());
  });

  test('both adapters return the same value shapes', async () => {
    const [row] = await db.query(
      `select 9007199254740993::int8 as big, array[1, 2]::int8[] as bigs, now() as tz, '2024-02-29'::date as day,
              '2024-02-29 10:20:30'::timestamp as local, $1::bytea as bytes, 1.50::numeric as num,
              '{"a": [1]}'::jsonb as doc, 7::int4 as int, true as flag`,
      [new Uint8Array([0, 255])],
    );
    expect(row).toMatchObject({
      big: '9007199254740993', bigs: ['1', '2'], day: '2024-02-29', local: '2024-02-29 10:20:30', num: '1.50',
      doc: { a: [1] }, int: 7, flag: true,
    });
    expect(row!.tz).toBeInstanceOf(Date);
    expect(row!.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(row!.bytes)).toBe(false);
    expect([...(row!.bytes as Uint8Array)]).toEqual([0, 255]);
  });

  test('a query without parameters may hold several statements and returns the last rows', async () => {
    expect(await db.query('select 1 as a; select 2 as b')).toEqual([{ b: 2 }]);
  });

  test('a failing transaction leaves nothing behind', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into companies (id, name) values ('rolled-back', 'Gone')`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await count(`companies where id = 'rolled-back'`)).toBe(0);
    const value = await db.transaction(async (tx) => (await tx.query<{ n: number }>('select 41 + 1 as n'))[0]?.n);
    expect(value).toBe(42);
  });

  test("a deleted company's links stop being current in the same transaction, and a restored one's start again", async () => {
    const current = () => db.query<{ is_current: boolean }>(`select e.is_current from company_employees e join companies c on c.id = e.company_id where c.name = 'Tagbook Garage'`);
    expect(await current()).toEqual([{ is_current: true }]);
    await db.query(`update companies set deleted_at = now() where name = 'Tagbook Garage'`);
    expect(await current()).toEqual([{ is_current: false }]);
    // A link written while the company is deleted is not current either, whatever its dates.
    const [worker] = await db.query<{ user_id: string; company_id: string }>('select user_id, company_id from company_employees');
    await db.query(`insert into company_employees (id, user_id, company_id, type, start_date) values ('late-link', $1, $2, 'worker', now())`, [
      worker!.user_id,
      worker!.company_id,
    ]);
    expect(await current()).toEqual([{ is_current: false }, { is_current: false }]);
    await db.query(`update companies set deleted_at = null where name = 'Tagbook Garage'`);
    expect(await current()).toEqual([{ is_current: true }, { is_current: true }]);
    await db.query(`delete from company_employees where id = 'late-link'`);
  });

  test('using the Db instead of the tx inside a transaction is refused, not a hang', async () => {
    await expect(db.transaction(() => db.query('select 1'))).rejects.toThrow(/inside a transaction/);
    await expect(db.transaction(() => db.transaction(async () => 1))).rejects.toThrow(/inside a transaction/);
    // Work started by a transaction but finishing after it may use the Db again.
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => db.query('select 1 as one'));
    });
    await expect(later).resolves.toEqual([{ one: 1 }]);
  });
});
