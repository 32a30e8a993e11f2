import type { Queryable } from '../db/db.js';
import { currentlyEmployed } from '../db/employment.js';

// Companies as administrators create them, and the links that decide a caller's role in one (admin/access.ts).

export type CompanyRow = {
  id: string;
  name: string;
  short_info: string | null;
  created_at: Date;
};

/** Stores a new company; an empty short info is stored as none. */
export async function insertCompany(db: Queryable, company: { id: string; name: string; shortInfo: string }): Promise<CompanyRow> {
  const [row] = await db.query<CompanyRow>(
    'insert into companies (id, name, short_info) values ($1, $2, $3) returning id, name, short_info, created_at',
    [company.id, company.name, company.shortInfo === '' ? null : company.shortInfo],
  );
  return row!;
}

/** The types of a user's current links with a company (untyped links are left out): they decide who manages it. */
export async function currentLinkTypes(db: Queryable, userId: string, companyId: string): Promise<string[]> {
  const links = await db.query<{ type: string | null }>(
    `select e.type from company_employees e where e.user_id = $1 and e.company_id = $2 and ${currentlyEmployed('e')}`,
    [userId, companyId],
  );
  return links.flatMap((l) => (l.type === null ? [] : [l.type]));
}
