import type { User } from '../gen/tagbook/v1/common_pb.js';

/**
 * The signed-in user as the app keeps it: a plain object, so it can be stored in
 * IndexedDB, posted to other tabs and compared without the protobuf runtime on the critical path.
 */
export interface CurrentUser {
  id: string;
  displayName: string;
  email: string;
  isAdmin: boolean;
  isEmployee: boolean;
  companyEmployees: CurrentCompanyEmployee[];
}

export interface CurrentCompanyEmployee {
  id: string;
  companyId: string;
  type: string;
  company: { id: string; name: string; shortInfo: string } | null;
}

/** A session may start without its user (the field is optional on the wire); the id alone still identifies it. */
export function toCurrentUser(user: User | undefined, userId: string): CurrentUser {
  return {
    id: user?.id || userId,
    displayName: user?.displayName ?? '',
    email: user?.email ?? '',
    isAdmin: user?.isAdmin ?? false,
    isEmployee: user?.isEmployee ?? false,
    companyEmployees: (user?.companyEmployees ?? []).map((link) => ({
      id: link.id,
      companyId: link.companyId,
      type: link.type,
      company: link.company
        ? { id: link.company.id, name: link.company.name, shortInfo: link.company.shortInfo }
        : null,
    })),
  };
}

export function sameUser(a: CurrentUser, b: CurrentUser): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
