import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BaseJwtPayload, RequestParameters, SqlSyncRules } from '@powersync/service-sync-rules';
import { describe, expect, it } from 'vitest';
import { AppSchema } from '../../src/data/schema.js';
import { INFO_COLUMNS, OWNER_VEHICLE_COLUMNS, SHOP_INFO_COLUMNS } from '../../src/domain/vehicleReaders.js';
import { evaluateRow, parseSyncRules, publicationSql } from '../../server/sync/rules.js';
import { ROOT } from '../helpers/server.js';

const yaml = readFileSync(join(ROOT, 'sync-rules.yaml'), 'utf8');
const rules = parseSyncRules(yaml);
const buckets = (table: string, record: Record<string, unknown>) =>
  evaluateRow(rules, table, record as never).rows.map((r) => r.bucket);
const dataOf = (table: string, record: Record<string, unknown>, bucket: string) =>
  JSON.parse(JSON.parse(evaluateRow(rules, table, record as never).rows.find((r) => r.bucket === bucket)?.dataLiteral ?? '"null"') as string);
const lookupsOf = (table: string, record: Record<string, unknown>) =>
  Object.fromEntries(evaluateRow(rules, table, record as never).params);

const vehicle = { id: 'v1', name: 'Red 911', user_id: 'u1', vin: 'WP0AB2A9XKS120418', updated_at: '2026-01-01T00:00:00.000Z' };

/** Each bucket definition's data queries: output table → its column names, in the file's order. */
function viewsByDefinition(): { name: string; tables: Map<string, string[]> }[] {
  return rules.config.bucketDataSources.map((source) => {
    const descriptor = (source as unknown as { descriptor: { name: string; dataQueries: { table: { nameInSchema: string }; columnOutputNames(): string[] }[] } }).descriptor;
    const tables = new Map<string, string[]>();
    for (const query of descriptor.dataQueries) tables.set(query.table.nameInSchema, query.columnOutputNames());
    return { name: descriptor.name, tables };
  });
}

describe('sync-rules.yaml', () => {
  it('parses without errors or warnings', () => {
    const { errors } = SqlSyncRules.fromYaml(yaml, { defaultSchema: 'public', throwOnError: false });
    expect(errors.map((e) => `${e.type}: ${e.message}`)).toEqual([]);
  });

  it('selects only columns the client schema has, for every synced table', () => {
    const schema = new Map(AppSchema.tables.map((t) => [t.name, new Set(['id', ...t.columns.map((c) => c.name)])]));
    const wide: Record<string, unknown> = {};
    for (const table of AppSchema.tables) for (const c of table.columns) wide[c.name] = 'x';
    const extras = { target_public: 1n, target_latest: 1n, is_latest: 1n, member_ids: '["x"]', company_ids: '["x"]', owner_ids: '["x"]', watcher_ids: '["x"]', is_admin: 1n, is_public: 1n, is_current: 1n };
    for (const name of ['users', 'companies', 'company_employees', 'customers', 'vehicles', 'vehicles_info',
      'service_requests', 'worktime', 'qr_tags', 'upload_buckets', 'upload_form_files', 'bucket_files']) {
      const record = { ...wide, ...extras, id: 'x', user_id: 'x', vehicle_id: 'x', company_id: 'x', target_id: 'x', owner_id: 'x' };
      const rows = evaluateRow(rules, name, record as never).rows;
      expect(rows.length, `${name} reaches some bucket`).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.objectType).toBe(name);
        for (const column of Object.keys(JSON.parse(JSON.parse(row.dataLiteral) as string))) expect(schema.get(name)?.has(column), `${name}.${column}`).toBe(true);
      }
    }
  });

  it('puts the latest public vehicles in the public bucket without owner or VIN, others only in the vehicle bucket', () => {
    expect(buckets('vehicles', { ...vehicle, is_public: 1n, is_latest: 1n })).toEqual(['public[]', 'by_owner["u1"]']);
    expect(buckets('vehicles', { ...vehicle, is_public: 1n, is_latest: 0n })).toEqual(['by_owner["u1"]']);
    // Made private in the statement that has not refreshed the flag yet: out at once.
    expect(buckets('vehicles', { ...vehicle, is_public: 0n, is_latest: 1n })).toEqual(['by_owner["u1"]']);
    const listed = dataOf('vehicles', { ...vehicle, is_public: 1n, is_latest: 1n }, 'public[]');
    expect(listed.name).toBe('Red 911');
    expect(listed).not.toHaveProperty('user_id');
    expect(listed).not.toHaveProperty('vin');
    expect(listed).not.toHaveProperty('is_latest');
    expect(buckets('vehicles', { ...vehicle, is_public: 0n })).toEqual(['by_owner["u1"]']);
    expect(dataOf('vehicles', { ...vehicle, is_public: 0n }, 'by_owner["u1"]').vin).toBe(vehicle.vin);
  });

  it("orders the definitions from a table's narrowest view to its widest, so either engine leaves a device the wider copy", () => {
    // Both engines number a changed row's ops in the file's order and a device keeps the newest: every later view
    // of a table must carry every column of an earlier one.
    const views = viewsByDefinition();
    for (const [i, later] of views.entries()) {
      for (const earlier of views.slice(0, i)) {
        for (const [table, columns] of earlier.tables) {
          const wider = later.tables.get(table);
          if (!wider) continue;
          const missing = columns.filter((c) => !wider.includes(c));
          expect(missing, `${later.name} comes after ${earlier.name} but lacks these ${table} columns`).toEqual([]);
        }
      }
    }
    // The case that broke on the service: a worker's copy of a public vehicle, an owner's, an admin's.
    const rows = evaluateRow(rules, 'vehicles', { ...vehicle, is_public: 1n, is_latest: 1n, company_ids: '["co1"]', watcher_ids: '["a1"]' } as never).rows;
    expect(rows.map((r) => r.bucket)).toEqual(['by_company["co1"]', 'public[]', 'by_owner["u1"]', 'watched["a1"]']);
  });

  it('gives the owner and a watching admin the same columns of every table of a vehicle', () => {
    const views = new Map(viewsByDefinition().map((v) => [v.name, v.tables]));
    expect(views.get('watched')).toEqual(views.get('by_owner'));
  });

  it('gives a row once per bucket even when a list names the bucket twice', () => {
    expect(buckets('companies', { id: 'co1', name: 'G', member_ids: '["u1","u2","u1"]' }).sort()).toEqual([
      'admin[]',
      'by_user["u1"]',
      'by_user["u2"]',
    ]);
  });

  it('sends tags to the public only when their vehicle is public and latest, and unclaimed tags to no device', () => {
    const tag = { id: 'TAG12345', target_path: '/vehicle' };
    const latest = { target_public: 1n, target_latest: 1n };
    const owned = { target_id: 'v1', owner_id: 'u1' };
    expect(buckets('qr_tags', { ...tag, ...owned, ...latest })).toEqual(['public[]', 'by_owner["u1"]']);
    expect(buckets('qr_tags', { ...tag, ...owned, target_public: 1n, target_latest: 0n })).toEqual(['by_owner["u1"]']);
    expect(buckets('qr_tags', { ...tag, ...owned, target_public: 0n, target_latest: 1n })).toEqual(['by_owner["u1"]']);
    // Unclaimed tags resolve through the server (QrTagService.Resolve), admins' devices included.
    expect(buckets('qr_tags', { ...tag, target_id: null, target_public: 0n })).toEqual([]);
    expect(Object.keys(dataOf('qr_tags', { ...tag, target_id: 'v1', ...latest }, 'public[]')).sort()).toEqual(['target_id', 'target_path']);
  });

  it('routes company data to employees and worktime by its denormalized vehicle and company', () => {
    expect(buckets('customers', { id: 'c1', name: 'A', company_id: 'co1' })).toEqual(['by_company["co1"]']);
    expect(buckets('worktime', { id: 'w1', vehicle_id: 'v1', owner_id: 'u1', company_id: 'co1', operation: 1n, request_open: 1n })).toEqual([
      'by_company["co1"]',
      'admin[]',
      'by_owner["u1"]',
    ]);
    expect(buckets('companies', { id: 'co1', name: 'G', member_ids: '["u1","u2"]' }).sort()).toEqual([
      'admin[]',
      'by_user["u1"]',
      'by_user["u2"]',
    ]);
  });

  it('sends a file to those who may see what it is attached to, never to its uploader as such', () => {
    const scope = { vehicle_id: 'v1', owner_id: 'u1', company_id: 'co1', user_id: 'u9' };
    // The company's copies are the narrower ones (no owner's id), so they come first.
    expect(buckets('upload_buckets', { id: 'b1', form_key: 'service_request/r1', locked: 1n, ...scope })).toEqual(['by_company["co1"]', 'by_owner["u1"]']);
    expect(buckets('upload_form_files', { id: 'f1', upload_form_id: 'b1', filename: 'a.jpg', ...scope })).toEqual(['by_company["co1"]', 'by_owner["u1"]']);
    expect(buckets('bucket_files', { id: 'h1', filehash: 'h', owner_ids: '["u1"]', company_ids: '["co1"]', watcher_ids: '["a1"]' })).toEqual(['by_company["co1"]', 'by_owner["u1"]', 'watched["a1"]']);
    expect(buckets('upload_form_files', { id: 'f1', upload_form_id: 'b1', filename: 'a.jpg', user_id: 'u9' })).toEqual([]);
  });

  it("sends a company's employees the name and the shop's Info of the vehicles its requests are for, never the owner's side", () => {
    const row = { ...vehicle, is_public: 0n, company_ids: '["co1","co2"]', description: 'Private notes', created_at: vehicle.updated_at };
    expect(buckets('vehicles', row).sort()).toEqual(['by_company["co1"]', 'by_company["co2"]', 'by_owner["u1"]']);
    expect(Object.keys(dataOf('vehicles', row, 'by_company["co1"]')).sort()).toEqual(['created_at', 'is_public', 'name', 'updated_at']);
    for (const column of OWNER_VEHICLE_COLUMNS) expect(dataOf('vehicles', row, 'by_company["co1"]')).not.toHaveProperty(column);
    expect(buckets('vehicles', { ...row, company_ids: '[]' })).toEqual(['by_owner["u1"]']);
    // Every Info column filled in: the company's copy holds exactly the shop's (src/domain/vehicleReaders.ts), the
    // owner's all of them.
    const info = { id: 'i1', vehicle_id: 'v1', owner_id: 'u1', created_at: 'x', updated_at: 'x', company_ids: '["co1"]', ...Object.fromEntries(INFO_COLUMNS.map((c) => [c, 'x'])) };
    const stamps = ['created_at', 'updated_at', 'vehicle_id'];
    expect(Object.keys(dataOf('vehicles_info', info, 'by_company["co1"]')).sort()).toEqual([...SHOP_INFO_COLUMNS, ...stamps].sort());
    expect(Object.keys(dataOf('vehicles_info', info, 'by_owner["u1"]')).sort()).toEqual([...INFO_COLUMNS, ...stamps].sort());
    // Tags and other private rows of the vehicle follow the owner's bucket only.
    expect(buckets('qr_tags', { id: 'TAG12345', target_id: 'v1', owner_id: 'u1', target_public: 0n, company_ids: '["co1"]' })).toEqual(['by_owner["u1"]']);
    expect(buckets('company_employees', { id: 'e1', user_id: 'u1', company_id: 'co1', user_name: 'A', is_current: 1n }).sort()).toEqual([
      'admin[]',
      'by_company["co1"]',
      'by_user["u1"]',
    ]);
  });

  it("gives a company's devices who opened a request and who added a file only when that person is its staff, never who changed it last", () => {
    const request = { id: 'r1', vehicle_id: 'v1', company_id: 'co1', user_id: 'owner1', updated_by: 'owner1', description: 'x' };
    const company = (table: string, row: Record<string, unknown>) => dataOf(table, row, 'by_company["co1"]') as Record<string, unknown>;
    // staff_user_id (migration 0021) is the id when its person has a link with the company, else null.
    // A null column is left out of a row's data: the device stores null.
    expect(company('service_requests', { ...request, staff_user_id: null })).not.toHaveProperty('user_id');
    expect(company('service_requests', { ...request, user_id: 'w1', staff_user_id: 'w1' })).toMatchObject({ user_id: 'w1' });
    expect(company('service_requests', request)).not.toHaveProperty('updated_by');
    expect(dataOf('service_requests', { ...request, owner_id: 'owner1' }, 'by_owner["owner1"]')).toMatchObject({ user_id: 'owner1', updated_by: 'owner1' });
    const file = { id: 'f1', upload_form_id: 'b1', vehicle_id: 'v1', owner_id: 'owner1', company_id: 'co1', user_id: 'owner1' };
    expect(company('upload_form_files', { ...file, staff_user_id: null })).not.toHaveProperty('user_id');
    expect(company('upload_form_files', { ...file, user_id: 'w1', staff_user_id: 'w1' })).toMatchObject({ user_id: 'w1' });
    expect(dataOf('upload_form_files', file, 'by_owner["owner1"]')).toMatchObject({ user_id: 'owner1' });
    expect(company('upload_buckets', { id: 'b1', form_key: 'service_request/r1', vehicle_id: 'v1', company_id: 'co1', user_id: 'owner1' })).not.toHaveProperty('user_id');
  });

  it('never sends a user row to anyone but that user', () => {
    expect(buckets('users', { id: 'u1', display_name: 'A', email: 'a@x', is_admin: 1n })).toEqual(['by_user["u1"]']);
  });

  it('gives admins open requests with their work time and current employee links, nothing closed or ended', () => {
    const request = { id: 'r1', vehicle_id: 'v1', company_id: 'co1', description: 'Brakes' };
    expect(buckets('service_requests', { ...request, is_open: 1n })).toContain('admin[]');
    expect(buckets('service_requests', { ...request, is_open: 0n })).not.toContain('admin[]');
    const work = { id: 'w1', vehicle_id: 'v1', company_id: 'co1', operation: 1n };
    expect(buckets('worktime', { ...work, request_open: 1n })).toContain('admin[]');
    expect(buckets('worktime', { ...work, request_open: 0n })).not.toContain('admin[]');
    const link = { id: 'e1', user_id: 'u1', company_id: 'co1', user_name: 'A' };
    expect(buckets('company_employees', { ...link, is_current: 1n })).toContain('admin[]');
    expect(buckets('company_employees', { ...link, is_current: 0n })).not.toContain('admin[]');
    expect(buckets('companies', { id: 'co1', name: 'G', member_ids: '[]' })).toEqual(['admin[]']);
  });

  it('gives an admin every record of each vehicle they opened, in one bucket whatever their number', () => {
    // watcher_ids (migration 0023) lists the admins whose admin_vehicle_watch names the record's vehicle.
    const watched = { owner_id: 'u1', watcher_ids: '["a1","a2"]' };
    expect(buckets('vehicles', { ...vehicle, is_public: 0n, watcher_ids: '["a1","a2"]' })).toEqual(['by_owner["u1"]', 'watched["a1"]', 'watched["a2"]']);
    expect(buckets('vehicle_notes', { id: 'n1', vehicle_id: 'v1', body: 'x', ...watched })).toEqual(['by_owner["u1"]', 'watched["a1"]', 'watched["a2"]']);
    expect(buckets('qr_tags', { id: 'TAG12345', target_id: 'v1', target_public: 0n, ...watched })).toEqual(['by_owner["u1"]', 'watched["a1"]', 'watched["a2"]']);
    // The watch rows themselves reach no device and decide no bucket.
    expect(lookupsOf('admin_vehicle_watch', { id: 'u9:v1', user_id: 'u9', vehicle_id: 'v1' })).toEqual({});
    expect(buckets('admin_vehicle_watch', { id: 'u9:v1', user_id: 'u9', vehicle_id: 'v1' })).toEqual([]);
  });

  it('derives every parameter from the user and employment rows, one result each, so they change live and a fleet costs none', () => {
    // Ownership is a column of the vehicle's rows (owner_id), not a parameter: a thousand vehicles are one bucket.
    expect(lookupsOf('vehicles', { ...vehicle, is_public: 0n })).toEqual({});
    expect(lookupsOf('users', { id: 'u1', is_admin: 1n })).toEqual({
      '["by_user","1","u1"]': '[{"user_id":"u1"}]',
      '["admin","1","u1"]': '[{}]',
      '["by_owner","1","u1"]': '[{"owner_id":"u1"}]',
      '["watched","1","u1"]': '[{"admin_id":"u1"}]',
    });
    expect(lookupsOf('users', { id: 'u1', is_admin: 0n })).toEqual({
      '["by_user","1","u1"]': '[{"user_id":"u1"}]',
      '["by_owner","1","u1"]': '[{"owner_id":"u1"}]',
    });
    expect(lookupsOf('company_employees', { id: 'e1', user_id: 'u1', company_id: 'co1', is_current: 1n })).toEqual({
      '["by_company","1","u1"]': '[{"company_id":"co1"}]',
    });
    expect(lookupsOf('company_employees', { id: 'e1', user_id: 'u1', company_id: 'co1', is_current: 0n })).toEqual({});
  });

  it('publishes for a PowerSync Service every table a query of the file reads, data and parameters alike', () => {
    const queries = yaml.replace(/#.*$/gm, '');
    const named = new Set([...queries.matchAll(/\bFROM\s+([a-z_]+)/g)].map((m) => m[1]!));
    expect(named.has('users')).toBe(true);
    expect(publicationSql(rules)).toBe(`create publication powersync for table ${[...named].sort().join(', ')};`);
  });

  it('gives an anonymous subject the public bucket and nothing that depends on a user row', () => {
    const params = new RequestParameters(new BaseJwtPayload({ sub: 'anonymous:abc' }), {});
    const { querier } = rules.config.getBucketParameterQuerier({ globalParameters: params, hasDefaultStreams: true, streams: {} });
    expect(querier.staticBuckets.map((b) => b.bucket)).toEqual(['public[]']);
  });
});
