import { create } from '@bufbuild/protobuf';
import { UserSchema, type User } from '../../src/gen/tagbook/v1/common_pb.js';
import type { Queryable } from '../db/db.js';
import { currentlyEmployed } from '../db/employment.js';

type UserRow = {
  id: string;
  display_name: string;
  email: string;
  is_admin: boolean;
};

type LinkRow = {
  id: string;
  company_id: string;
  type: string | null;
  name: string;
  short_info: string | null;
};

/**
 * The signed-in user: their account, admin flag and current company links. Only current links count (started, not ended, their company not
 * deleted): a past employer's workspace must not be offered. isEmployee follows them.
 */
export async function loadUser(db: Queryable, userId: string): Promise<User | null> {
  const [user] = await db.query<UserRow>('select id, display_name, email, is_admin from users where id = $1', [userId]);
  if (user === undefined) return null;
  const links = await db.query<LinkRow>(
    `select e.id, e.company_id, e.type, c.name, c.short_info
       from company_employees e join companies c on c.id = e.company_id
      where e.user_id = $1 and ${currentlyEmployed('e')}
      order by c.name, e.id`,
    [userId],
  );
  return create(UserSchema, {
    id: user.id,
    displayName: user.display_name,
    email: user.email,
    isAdmin: user.is_admin,
    isEmployee: links.length > 0,
    companyEmployees: links.map((l) => ({
      id: l.id,
      companyId: l.company_id,
      type: l.type ?? '',
      company: { id: l.company_id, name: l.name, shortInfo: l.short_info ?? '' },
    })),
  });
}

/** display_name for a new account: the part of the email before the @, until the user picks a name. */
export function displayNameFromEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
