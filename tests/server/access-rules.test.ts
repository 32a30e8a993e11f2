import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mayAdministerVehicle,
  mayClock,
  mayEditVehicle,
  mayHandleRequest,
  mayManageCompanies,
  mayOpenRequest,
  mayShareReport,
  mayTransferVehicle,
  mayWorkInCompany,
  mayWriteVehicleRecord,
  vehicleReader,
  type Actor,
  type VehicleFacts,
} from '../../src/domain/access.js';
import { newId } from '../../src/domain/ids.js';
import { WORK_START } from '../../src/domain/worktime.js';
import { HistoryReportService } from '../../src/gen/tagbook/v1/history_report_pb.js';
import { TransferService } from '../../src/gen/tagbook/v1/transfer_pb.js';
import { VehicleAccess, VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { buildCompanyFixture, CALLERS, type Caller, type CompanyFixture } from '../helpers/company-fixture.js';
import { outcome } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { openRawStream, openSyncTestDatabase, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';

/**
 * Every rule of who may do what, stated once as a table of cases, caller by caller, and checked three ways against
 * the same world (tests/helpers/company-fixture.ts: the owner of a private vehicle that is a customer's of a company,
 * an administrator, that company's employees whose link is current, ended or not yet started, a signed-in stranger
 * and an anonymous visitor):
 * - the rule of src/domain/access.ts that the app asks to decide what to offer, over the facts of the world;
 * - the server's decision: what it answers the caller's own device, through the RPC or the upload it would use;
 * - the sync rules: which of the rows the rule is about reach the caller's device (sync-rules.yaml, through the
 *   stream a device reads), where the rule has a data-side statement.
 * Break a rule in any one place and its row here fails.
 */

const backends = await testBackends();

/** The callers a rule allows; everyone else is refused. */
type Allowed = readonly Caller[];

/** Each caller as the rules take them, from how the world is built (null: not signed in). */
function actorOf(world: CompanyFixture, caller: Caller): Actor | null {
  if (caller === 'anonymous') return null;
  const companyIds = new Set(caller === 'current' ? [world.ids.company] : []);
  return { userId: world.ids[caller], isAdmin: caller === 'admin', companyIds };
}

/** What a device holds after its first complete checkpoint: table → row id → the names of the columns it got. */
type HeldRows = Map<string, Map<string, string[]>>;

/** A caller's account id; a made-up one for a visitor, who has none. */
const idOf = (world: CompanyFixture, caller: Caller) => (caller === 'anonymous' ? newId() : world.ids[caller]);

/** The vehicle as the rules take it: private, owned, serviced by the company whose customer its Info names. */
const vehicleOf = (world: CompanyFixture): VehicleFacts => ({ ownerId: world.ids.owner, isPublic: false, servicingCompanyIds: [world.ids.company] });

interface WriteRule {
  rule: string;
  allowed: Allowed;
  predicate(actor: Actor | null, world: CompanyFixture): boolean;
  /** The upload that asks the server, new ids for each caller; or, for a rule the server applies in a service, */
  upload?(world: CompanyFixture, caller: Caller): ['PUT' | 'PATCH', string, string, Record<string, unknown>];
  /** the call that asks it, from the caller's own device. */
  call?(world: CompanyFixture, caller: Caller): Promise<unknown>;
  /** Whether a device holds what the rule is about, through sync, where the sync rules state the same rule. */
  holds?(rows: HeldRows, world: CompanyFixture): boolean;
  /** Who holds it, where that is not everyone the rule allows (and why, beside it). */
  syncedTo?: Allowed;
}

/** How each caller sees the vehicle; the rule every other one of the vehicle's builds on. */
const READS: Record<Caller, 'none' | 'public' | 'company' | 'owner' | 'admin'> = {
  owner: 'owner',
  admin: 'admin',
  current: 'company',
  ended: 'none',
  future: 'none',
  stranger: 'none',
  anonymous: 'none',
};

/** The vehicle's rows on a device, by how it is seen: a shop's copy of the vehicle and its Info, the whole for owners and admins. */
const VEHICLE_ROWS_BY_READER: Record<(typeof READS)[Caller], readonly string[]> = {
  none: [],
  public: ['vehicles'],
  company: ['vehicles', 'vehicles_info'],
  owner: ['qr_tags', 'vehicles', 'vehicles_info'],
  admin: ['qr_tags', 'vehicles', 'vehicles_info'],
};

const WRITES: readonly WriteRule[] = [
  {
    rule: 'edits the vehicle',
    allowed: ['owner', 'admin'],
    predicate: (actor, w) => mayEditVehicle(vehicleReader(actor, vehicleOf(w))),
    upload: (w) => ['PATCH', 'vehicles', w.ids.vehicle, { description: 'Checked' }],
    // The vehicle whole, the owner's side included (a shop's copy leaves it out).
    holds: (rows, w) => rows.get('vehicles')?.get(w.ids.vehicle)?.includes('user_id') ?? false,
  },
  {
    rule: "edits the vehicle's Info",
    allowed: ['admin'],
    predicate: (actor) => mayAdministerVehicle(actor),
    upload: (w) => ['PATCH', 'vehicles_info', w.ids.info, { notes: 'Checked' }],
  },
  {
    rule: 'writes a note on the vehicle',
    allowed: ['owner', 'admin'],
    predicate: (actor, w) => mayWriteVehicleRecord(actor, w.ids.owner),
    upload: (w, caller) => ['PUT', 'vehicle_notes', newId(), { vehicle_id: w.ids.vehicle, user_id: idOf(w, caller), body: 'Seen' }],
  },
  {
    rule: "opens a request on the vehicle for its customer's company",
    allowed: ['owner', 'admin', 'current'],
    predicate: (actor, w) => mayOpenRequest(actor, { ownerId: w.ids.owner, customerCompanyId: w.ids.company }, w.ids.company),
    upload: (w) => ['PUT', 'service_requests', newId(), { vehicle_id: w.ids.vehicle, company_id: w.ids.company, description: 'Brakes' }],
  },
  {
    rule: 'handles the request',
    allowed: ['owner', 'admin', 'current'],
    predicate: (actor, w) => mayHandleRequest(actor, w.ids.owner, w.ids.company),
    upload: (w) => ['PATCH', 'service_requests', w.ids.request, { description: 'Sliding door sticks, both sides' }],
    holds: (rows, w) => rows.get('service_requests')?.has(w.ids.request) ?? false,
  },
  {
    rule: 'runs their clock on the request',
    allowed: ['admin', 'current'],
    predicate: (actor, w) => mayClock(actor, w.ids.company),
    upload: (w, caller) => [
      'PUT',
      'worktime',
      newId(),
      { user_id: idOf(w, caller), service_request_id: w.ids.request, operation: WORK_START, time: new Date().toISOString() },
    ],
  },
  {
    rule: "works in the company's area: its customers",
    allowed: ['admin', 'current'],
    predicate: (actor, w) => mayWorkInCompany(actor, w.ids.company),
    upload: (w) => ['PATCH', 'customers', w.ids.customer, { note: 'Prefers mornings' }],
    holds: (rows, w) => rows.get('customers')?.has(w.ids.customer) ?? false,
    // Administrators read every company's customers from the server, paged: a list without bound is never synced.
    syncedTo: ['current'],
  },
  {
    rule: "shares the vehicle's history report by link",
    allowed: ['owner', 'admin'],
    predicate: (actor, w) => mayShareReport(vehicleReader(actor, vehicleOf(w))),
    call: (w, caller) => w.devices[caller].client(HistoryReportService).shareReport({ vehicleId: w.ids.vehicle, photoIds: [] }),
  },
  {
    rule: 'hands the vehicle over to a new owner',
    allowed: ['owner'],
    predicate: (actor, w) => mayTransferVehicle(actor, w.ids.owner),
    call: (w, caller) => w.devices[caller].client(TransferService).startTransfer({ vehicleId: w.ids.vehicle, email: `buyer-of-${caller}@example.com`, keepPrivateNotes: false }),
  },
  {
    rule: 'manages companies',
    allowed: ['admin'],
    predicate: (actor) => mayManageCompanies(actor),
    upload: (w) => ['PATCH', 'companies', w.ids.company, { short_info: 'Vans and trucks' }],
  },
];

const asAllowed = (allowed: Allowed) => Object.fromEntries(CALLERS.map((c) => [c, allowed.includes(c)]));

describe.each(backends)('who may do what, one table of cases, on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let world: CompanyFixture;
  const held = {} as Record<Caller, HeldRows>;

  async function syncedRows(caller: Caller): Promise<HeldRows> {
    const { token } = await server.sync.issueToken(caller === 'anonymous' ? null : world.ids[caller]);
    const stream = await openRawStream(server.url, token);
    try {
      const rows: HeldRows = new Map();
      for (const line of await stream.until('checkpoint_complete')) {
        const data = (line as { data?: { data: { op: string; object_type: string; object_id: string; data: string | null }[] } }).data;
        for (const op of data?.data ?? []) {
          const table = rows.get(op.object_type) ?? new Map<string, string[]>();
          rows.set(op.object_type, table);
          if (op.op === 'PUT') table.set(op.object_id, Object.keys(JSON.parse(op.data ?? '{}') as object));
          else table.delete(op.object_id);
        }
      }
      return rows;
    } finally {
      stream.close();
    }
  }

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    world = await buildCompanyFixture(server);
    // An administrator's device holds the vehicles they opened (the watched bucket): read it first, as they would.
    for (const caller of CALLERS) await outcome(world.devices[caller].client(VehicleService).getVehicle({ vehicleId: world.ids.vehicle }));
    await server.sync.replicator.idle();
    for (const caller of CALLERS) held[caller] = await syncedRows(caller);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  describe('sees the vehicle', () => {
    it('as the rule says', () => {
      expect(Object.fromEntries(CALLERS.map((c) => [c, vehicleReader(actorOf(world, c), vehicleOf(world))]))).toEqual(READS);
    });

    it('as the server answers', async () => {
      const answers: Record<string, string> = {};
      for (const caller of CALLERS) {
        const call = world.devices[caller].client(VehicleService).getVehicle({ vehicleId: world.ids.vehicle });
        const result = await outcome(call);
        answers[caller] = result === 'ok' ? VehicleAccess[(await call).access].toLowerCase() : result === 'not_found' ? 'none' : result;
      }
      expect(answers).toEqual(READS);
    });

    it("as the sync rules send it: the vehicle's rows on each device", () => {
      const vehicleRows = (caller: Caller) =>
        ['qr_tags', 'vehicles', 'vehicles_info'].filter((table) => {
          const id = table === 'vehicles' ? world.ids.vehicle : table === 'vehicles_info' ? world.ids.info : world.ids.tag;
          return held[caller].get(table)?.has(id) ?? false;
        });
      expect(Object.fromEntries(CALLERS.map((c) => [c, vehicleRows(c)]))).toEqual(
        Object.fromEntries(CALLERS.map((c) => [c, VEHICLE_ROWS_BY_READER[READS[c]]])),
      );
      // A shop's copy of the vehicle leaves out the owner's side.
      expect(held.current.get('vehicles')?.get(world.ids.vehicle)).not.toContain('user_id');
      expect(held.owner.get('vehicles')?.get(world.ids.vehicle)).toContain('user_id');
    });
  });

  describe.each(WRITES)('$rule', (rule) => {
    const expected = () => asAllowed(rule.allowed);

    it('as the rule says', () => {
      expect(Object.fromEntries(CALLERS.map((c) => [c, rule.predicate(actorOf(world, c), world)]))).toEqual(expected());
    });

    it(rule.call ? 'as the server decides a call' : 'as the server decides an upload', async () => {
      const decided: Record<string, boolean> = {};
      for (const caller of CALLERS) {
        if (rule.call) decided[caller] = (await outcome(rule.call(world, caller))) === 'ok';
        else {
          const [op, table, id, data] = rule.upload!(world, caller);
          decided[caller] = (await world.upload(caller, op, table, id, data)) === 'ok';
        }
      }
      expect(decided).toEqual(expected());
    });

    const holds = rule.holds;
    if (holds !== undefined) {
      it('as the sync rules send what it is about', () => {
        expect(Object.fromEntries(CALLERS.map((c) => [c, holds(held[c], world)]))).toEqual(asAllowed(rule.syncedTo ?? rule.allowed));
      });
    }
  });
});
