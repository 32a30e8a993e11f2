import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { mayManageCompany, worksFor } from '../../src/domain/access.js';
import { isId } from '../../src/domain/ids.js';
import type { Queryable } from '../db/db.js';
import { rowState, wasDeleted } from '../db/softDelete.js';
import { requireSession } from '../rpc/session-context.js';
import { loadActor } from '../db/actor.js';
import { currentLinkTypes } from './companies.js';

export const ADMIN_ONLY = 'Only administrators can do this';
export const NOT_YOUR_COMPANY = 'You do not work for this company';
export const NOT_A_COMPANY_ADMIN = 'Only the company’s owners and managers can change this';
export const COMPANY_NOT_FOUND = 'Company not found';

/** The caller, who must be an administrator (checked before anything the request names is looked at). */
export async function requireAdmin(db: Queryable, hctx: HandlerContext): Promise<string> {
  const { userId } = requireSession(hctx);
  const actor = await loadActor(db, userId);
  if (actor?.isAdmin !== true) throw new ConnectError(ADMIN_ONLY, Code.PermissionDenied);
  return userId;
}

/** What the caller may do in a company: administrators everything; employees per their current link. */
export interface CompanyRole {
  userId: string;
  isAdmin: boolean;
  /** A current employee (any type). */
  employee: boolean;
  /** A company admin: a current link of a managing type, or an administrator. */
  manage: boolean;
}

export async function companyRole(db: Queryable, hctx: HandlerContext, companyId: string): Promise<CompanyRole> {
  const { userId } = requireSession(hctx);
  const actor = await loadActor(db, userId);
  // The types of the caller's current links with this company, which decide whether they manage it.
  const linkTypes = actor === null ? [] : await currentLinkTypes(db, userId, companyId);
  return { userId, isAdmin: actor?.isAdmin === true, employee: worksFor(actor, companyId), manage: mayManageCompany(actor, linkTypes) };
}

/**
 * The caller's role in a company that exists and is not deleted, refusing who may not read (or, with `manage`,
 * change) it. A malformed or unknown company id is refused like someone else's company, so ids cannot be probed;
 * administrators are told it is unknown, or deleted.
 */
export async function requireCompany(
  db: Queryable,
  hctx: HandlerContext,
  companyId: string,
  need: 'read' | 'manage',
): Promise<CompanyRole> {
  const role = isId(companyId) ? await companyRole(db, hctx, companyId) : null;
  if (role === null) {
    requireSession(hctx);
    throw new ConnectError(NOT_YOUR_COMPANY, Code.PermissionDenied);
  }
  if (!role.isAdmin && !role.employee) throw new ConnectError(NOT_YOUR_COMPANY, Code.PermissionDenied);
  if (need === 'manage' && !role.manage) throw new ConnectError(NOT_A_COMPANY_ADMIN, Code.PermissionDenied);
  const state = await rowState(db, 'companies', companyId);
  if (state !== 'live' && !role.isAdmin) throw new ConnectError(NOT_YOUR_COMPANY, Code.PermissionDenied);
  if (state === 'missing') throw new ConnectError(COMPANY_NOT_FOUND, Code.NotFound);
  // Nothing is read from or put in a deleted company until an administrator restores it (server/db/softDelete.ts).
  if (state === 'deleted') throw new ConnectError(wasDeleted('company'), Code.FailedPrecondition);
  return role;
}
