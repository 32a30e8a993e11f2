import type { CurrentUser } from '../../rpc/user.js';

// A workspace is personal or a company (by id). The stored value is '-' for personal, a company id, or absent
// while unselected; only companies the user currently works for (an open employee link) can be chosen.

export const PERSONAL_WORKSPACE = '-';

export type Workspace =
  | { kind: 'unselected' }
  | { kind: 'personal' }
  | { kind: 'company'; companyId: string; name: string };

export interface WorkspaceChoice {
  value: string;
  label: string;
}

/** The companies the user may work in, by name; links without their company row are not offered. */
export function companyChoices(user: CurrentUser): WorkspaceChoice[] {
  const seen = new Set<string>();
  const choices: WorkspaceChoice[] = [];
  for (const link of user.companyEmployees) {
    if (link.company === null || seen.has(link.companyId)) continue;
    seen.add(link.companyId);
    choices.push({ value: link.companyId, label: link.company.name || 'Unnamed company' });
  }
  return choices;
}

/** Every workspace the selection dialog offers: personal first, then the companies. */
export function workspaceChoices(user: CurrentUser): WorkspaceChoice[] {
  return [{ value: PERSONAL_WORKSPACE, label: 'Personal' }, ...companyChoices(user)];
}

/**
 * The workspace a stored value stands for. Without a choice — none stored yet, or a company the user no longer works
 * for (the link ended while the choice was stored), never read as that company — the user is where there is nothing
 * to choose: someone with no company in their personal workspace, someone with exactly one in that company's. Only
 * someone with several companies and no choice is asked to pick one.
 */
export function resolveWorkspace(stored: unknown, user: CurrentUser): Workspace {
  if (stored === PERSONAL_WORKSPACE) return { kind: 'personal' };
  const companies = companyChoices(user);
  const chosen = typeof stored === 'string' ? companies.find((choice) => choice.value === stored) : undefined;
  const company = chosen ?? (companies.length === 1 ? companies[0] : undefined);
  if (company) return { kind: 'company', companyId: company.value, name: company.label };
  return companies.length === 0 ? { kind: 'personal' } : { kind: 'unselected' };
}

/** Whether `value` may be stored as this user's choice. */
export function isAllowedWorkspace(value: string, user: CurrentUser): boolean {
  return workspaceChoices(user).some((choice) => choice.value === value);
}
