import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { checkCustomer, type CustomerInput } from '../../src/domain/company.js';
import { newId } from '../../src/domain/ids.js';
import { CustomerRecordSchema, type CustomerRecord } from '../../src/gen/tagbook/v1/admin_pb.js';
import type { Queryable } from '../db/db.js';
import { decodeCursor, likeEscape, ms, pageOf } from './paging.js';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const CUSTOMER_EMAIL_TAKEN = 'Another customer of this company has this email';

export type CustomerRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  company_id: string | null;
  company_name: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  sort_key: string;
};

const CUSTOMER_COLUMNS = `k.id, k.name, k.email, k.phone, k.note, k.company_id, c.name as company_name, k.created_at,
  k.updated_at, k.deleted_at, lower(k.name) as sort_key`;

export function customerRecord(r: CustomerRow): CustomerRecord {
  return create(CustomerRecordSchema, {
    id: r.id, name: r.name, email: r.email ?? '', phone: r.phone ?? '', note: r.note ?? '', companyId: r.company_id ?? '',
    companyName: r.company_name ?? '', createdAt: ms(r.created_at), updatedAt: ms(r.updated_at), deletedAt: ms(r.deleted_at),
  });
}

export async function customerById(db: Queryable, id: string): Promise<CustomerRow | null> {
  const [row] = await db.query<CustomerRow>(
    `select ${CUSTOMER_COLUMNS} from customers k left join companies c on c.id = k.company_id where k.id = $1`,
    [id],
  );
  return row ?? null;
}

/** By name (case ignored), then id; companyId null lists every company's. */
export async function listCustomers(
  db: Queryable,
  opts: { companyId: string | null; query: string; includeDeleted: boolean; limit: number; cursor: string },
) {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (opts.companyId !== null) where.push(`k.company_id = ${param(opts.companyId)}`);
  if (!opts.includeDeleted) where.push('k.deleted_at is null');
  const q = opts.query.trim().toLowerCase();
  if (q !== '') {
    const prefix = param(`${likeEscape(q)}%`);
    const inside = param(`%${likeEscape(q)}%`);
    where.push(`(lower(k.email) like ${prefix} or lower(k.name) like ${inside} or k.phone like ${inside})`);
  }
  const after = decodeCursor(opts.cursor, 'text');
  if (after) where.push(`(lower(k.name), k.id) > (${param(after.key)}, ${param(after.id)})`);
  const rows = await db.query<CustomerRow>(
    `select ${CUSTOMER_COLUMNS} from customers k left join companies c on c.id = k.company_id
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by lower(k.name), k.id limit ${param(opts.limit + 1)}`,
    params,
  );
  return pageOf(rows, opts.limit);
}

/** Checks the input; throws invalid_argument naming the first problem. */
export function validCustomer(input: CustomerInput): CustomerInput {
  const { value, errors } = checkCustomer(input);
  const first = Object.entries(errors)[0];
  if (first) throw new ConnectError(`${first[0]}: ${first[1]}`, Code.InvalidArgument);
  return value;
}

/** Inserts or updates in one transaction; a live customer of the same company with the same email is refused. */
export async function saveCustomer(
  tx: Queryable,
  id: string | null,
  companyId: string | null,
  value: CustomerInput,
): Promise<string> {
  if (value.email !== '') {
    // Serialises concurrent saves of one company's customers, so two cannot both pass the duplicate check.
    await tx.query(`select pg_advisory_xact_lock(hashtextextended('customers:' || coalesce($1, ''), 0))`, [companyId]);
    const [taken] = await tx.query(
      `select 1 from customers where lower(email) = $1 and company_id is not distinct from $2 and deleted_at is null
          and id <> coalesce($3, '')`,
      [value.email, companyId, id],
    );
    if (taken) throw new ConnectError(CUSTOMER_EMAIL_TAKEN, Code.AlreadyExists);
  }
  const nullable = (v: string) => (v === '' ? null : v);
  if (id === null) {
    const fresh = newId();
    await tx.query('insert into customers (id, name, email, phone, note, company_id) values ($1, $2, $3, $4, $5, $6)', [
      fresh, value.name, nullable(value.email), nullable(value.phone), nullable(value.note), companyId,
    ]);
    return fresh;
  }
  await tx.query('update customers set name = $2, email = $3, phone = $4, note = $5, company_id = $6 where id = $1', [
    id, value.name, nullable(value.email), nullable(value.phone), nullable(value.note), companyId,
  ]);
  return id;
}
