import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { isId } from '../../src/domain/ids.js';
import {
  AdminUserSchema,
  EmployeeLinkSchema,
  UserSessionSchema,
  type AdminUser,
  type EmployeeLink,
  GetUserResponseSchema,
} from '../../src/gen/tagbook/v1/admin_pb.js';
import type { Queryable } from '../db/db.js';
import { currentlyEmployed } from '../db/employment.js';
import { decodeCursor, likeEscape, ms, pageOf } from './paging.js';
import { adminVehicle, VEHICLE_COLUMNS, VEHICLE_JOINS, type VehicleListRow } from './vehicles.js';

export const USER_NOT_FOUND = 'User not found';

type UserRow = {
  id: string;
  display_name: string;
  email: string;
  is_admin: boolean;
  created_at: Date;
  vehicle_count: number;
  sort_key: string;
};

const USER_COLUMNS = `u.id, u.display_name, u.email, u.is_admin, u.created_at, u.created_at::text as sort_key,
  (select count(*)::int from vehicles v where v.user_id = u.id) as vehicle_count`;

export function adminUser(r: UserRow): AdminUser {
  return create(AdminUserSchema, {
    id: r.id, displayName: r.display_name, email: r.email, isAdmin: r.is_admin, createdAt: ms(r.created_at), vehicleCount: r.vehicle_count,
  });
}

/** Newest first; a query matches the start of the email or any part of the name, ignoring case. */
export async function listUsers(db: Queryable, query: string, limit: number, cursor: string) {
  const params: unknown[] = [limit + 1];
  const where: string[] = [];
  const q = query.trim().toLowerCase();
  if (q !== '') {
    params.push(`${likeEscape(q)}%`, `%${likeEscape(q)}%`);
    where.push(`(u.email like $2 or lower(u.display_name) like $3)`);
  }
  const after = decodeCursor(cursor);
  if (after) {
    params.push(after.key, after.id);
    where.push(`(u.created_at, u.id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  const rows = await db.query<UserRow>(
    `select ${USER_COLUMNS} from users u ${where.length ? `where ${where.join(' and ')}` : ''}
      order by u.created_at desc, u.id desc limit $1`,
    params,
  );
  return pageOf(rows, limit);
}

export async function userById(db: Queryable, userId: string): Promise<UserRow> {
  const [row] = isId(userId) || userId !== '' ? await db.query<UserRow>(`select ${USER_COLUMNS} from users u where u.id = $1`, [userId]) : [];
  if (row === undefined) throw new ConnectError(USER_NOT_FOUND, Code.NotFound);
  return row;
}

/** Grants or withdraws administrator rights; a user who already has the asked state is not written to. */
export async function setUserAdmin(db: Queryable, userId: string, isAdmin: boolean): Promise<void> {
  await db.query('update users set is_admin = $2 where id = $1 and is_admin <> $2', [userId, isAdmin]);
}

type LinkRow = {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  company_id: string;
  company_name: string;
  type: string | null;
  start_date: Date | null;
  end_date: Date | null;
  current: boolean;
};

/** Employee links with their people and companies; `where` filters `company_employees e`. */
export async function employeeLinks(db: Queryable, where: string, params: unknown[]): Promise<EmployeeLink[]> {
  const rows = await db.query<LinkRow>(
    `select e.id, e.user_id, u.display_name as user_name, u.email as user_email, e.company_id, c.name as company_name,
            e.type, e.start_date, e.end_date, ${currentlyEmployed('e')} as current
       from company_employees e join users u on u.id = e.user_id join companies c on c.id = e.company_id
      where ${where}
      order by ${currentlyEmployed('e')} desc, e.created_at desc, e.id`,
    params,
  );
  return rows.map((r) =>
    create(EmployeeLinkSchema, {
      id: r.id, userId: r.user_id, userName: r.user_name, userEmail: r.user_email, companyId: r.company_id,
      companyName: r.company_name, type: r.type ?? '', startDate: ms(r.start_date), endDate: ms(r.end_date), current: r.current,
    }),
  );
}

/** One user with their vehicles (at most 100, newest first), company links and live sessions. */
export async function userDetail(db: Queryable, userId: string): Promise<MessageInitShape<typeof GetUserResponseSchema>> {
  const user = await userById(db, userId);
  const vehicles = await db.query<VehicleListRow>(
    `select ${VEHICLE_COLUMNS} from vehicles v ${VEHICLE_JOINS} where v.user_id = $1 order by v.created_at desc, v.id desc limit 100`,
    [userId],
  );
  const sessions = await db.query<{ id: string; created_at: Date; last_seen_at: Date; expires_at: Date; remember: boolean; device: string }>(
    `select id, created_at, last_seen_at, expires_at, remember, device from sessions
      where user_id = $1 and revoked_at is null and expires_at > now() order by last_seen_at desc limit 50`,
    [userId],
  );
  return {
    user: adminUser(user),
    vehicles: vehicles.map(adminVehicle),
    links: await employeeLinks(db, 'e.user_id = $1', [userId]),
    sessions: sessions.map((s) =>
      create(UserSessionSchema, {
        idPrefix: s.id.slice(0, 6), createdAt: ms(s.created_at), lastSeenAt: ms(s.last_seen_at), expiresAt: ms(s.expires_at), remember: s.remember,
        device: s.device,
      }),
    ),
  };
}
