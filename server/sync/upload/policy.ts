import type { PgValue, WritableTable } from './columns.js';

/**
 * Who may write what through sync (SPEC §6): owners their vehicles, admins anything the app edits, company
 * employees their company's customers, service requests and work time, anyone the claim of a free tag for their own
 * vehicle. Pure: the facts it needs about other rows come through `Lookups`, so every rule is unit-tested.
 */
export interface Actor {
  userId: string;
  isAdmin: boolean;
  /** Companies the actor currently works for. */
  companyIds: ReadonlySet<string>;
}

export type CrudKind = 'PUT' | 'PATCH' | 'DELETE';
export type Row = Record<string, PgValue | Date | undefined>;

export interface Lookups {
  /** The owner of a vehicle: null when unowned, undefined when there is no such vehicle. */
  vehicleOwner(vehicleId: string): Promise<string | null | undefined>;
  /** The company of a service request: null when none, undefined when there is no such request. */
  requestCompany(requestId: string): Promise<string | null | undefined>;
}

export interface Refusal {
  code: 'permission_denied' | 'invalid_value' | 'not_found';
  message: string;
}

export interface Write {
  table: WritableTable;
  kind: CrudKind;
  /** The row as stored now, or null when the id is new. */
  current: Row | null;
  /** The row as it would be after the write (current merged with the sent values); null for a delete. */
  next: Row | null;
  /** Columns the write sets. */
  changed: ReadonlySet<string>;
}

const deny = (message: string): Refusal => ({ code: 'permission_denied', message });
const str = (v: unknown) => (typeof v === 'string' ? v : null);

function worksFor(actor: Actor, companyId: unknown): boolean {
  return typeof companyId === 'string' && actor.companyIds.has(companyId);
}

async function vehicleRule(w: Write, actor: Actor): Promise<Refusal | null> {
  if (w.kind === 'DELETE') return deny('Only an administrator can delete a vehicle');
  if (w.current === null) {
    return str(w.next?.user_id) === actor.userId ? null : deny('A new vehicle must belong to you');
  }
  if (w.current.user_id !== actor.userId) return deny('This vehicle is not yours');
  if (w.changed.has('user_id') && w.next?.user_id !== actor.userId) {
    return deny('Only an administrator can change who owns a vehicle');
  }
  return null;
}

/** The one write a non-admin may make to a tag: point a free tag at a vehicle of their own. */
async function tagRule(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (w.current === null) return deny('Only an administrator can create tags');
  if (w.kind === 'DELETE') return deny('Only an administrator can delete tags');
  if (w.current.target_id !== null && w.current.target_id !== undefined) return deny('This tag is already claimed');
  const target = str(w.next?.target_id);
  if (target === null) return deny('A claim must name a vehicle');
  const owner = await lookups.vehicleOwner(target);
  if (owner === undefined) return { code: 'not_found', message: 'No such vehicle' };
  if (owner !== actor.userId) return deny('You can only attach a tag to your own vehicle');
  const path = w.next?.target_path;
  if (path !== null && path !== undefined && path !== '/vehicle') return deny('A claimed tag opens the vehicle page');
  return null;
}

/** Customers and service requests belong to a company; only its employees may touch them. */
function companyRowRule(w: Write, actor: Actor, what: string): Refusal | null {
  if (w.kind === 'DELETE') return deny(`Only an administrator can delete ${what}`);
  if (w.current !== null && !worksFor(actor, w.current.company_id)) return deny(`These ${what} belong to another company`);
  if (!worksFor(actor, w.next?.company_id)) return deny(`You can only write ${what} of a company you work for`);
  return null;
}

async function serviceRequestRule(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  const refusal = companyRowRule(w, actor, 'service requests');
  if (refusal) return refusal;
  const vehicleId = str(w.next?.vehicle_id);
  if (vehicleId === null || (await lookups.vehicleOwner(vehicleId)) === undefined) {
    return { code: 'not_found', message: 'No such vehicle' };
  }
  return null;
}

/** Work time: your own clock, on a request of your company. Only admins touch other people's clocks. */
async function worktimeRule(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (w.kind === 'DELETE') return deny('Only an administrator can delete work time');
  if (w.current !== null && w.current.user_id !== actor.userId) return deny("Only an administrator can change another person's time");
  if (str(w.next?.user_id) !== actor.userId) return deny('You can only log your own time');
  const requestId = str(w.next?.service_request_id);
  const company = requestId === null ? undefined : await lookups.requestCompany(requestId);
  if (company === undefined) return { code: 'not_found', message: 'No such service request' };
  if (!worksFor(actor, company)) return deny('This service request belongs to another company');
  return null;
}

export async function authorize(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  // Accounts are created and removed through AuthService only, whoever asks.
  if (w.table === 'users' && w.kind !== 'PATCH') return deny('Accounts cannot be created or deleted this way');
  if (actor.isAdmin) return null;
  switch (w.table) {
    case 'users':
      return w.current?.id === actor.userId ? null : deny('You can only change your own account');
    case 'vehicles':
      return vehicleRule(w, actor);
    case 'qr_tags':
      return tagRule(w, actor, lookups);
    case 'customers':
      return companyRowRule(w, actor, 'customers');
    case 'service_requests':
      return serviceRequestRule(w, actor, lookups);
    case 'worktime':
      return worktimeRule(w, actor, lookups);
    case 'vehicles_info':
      return deny('Only an administrator can edit vehicle info');
    case 'companies':
    case 'company_employees':
      return deny('Only an administrator can manage companies');
  }
}
