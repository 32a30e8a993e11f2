import { useWatchedQuery } from './useQuery.js';

/** A company as a picker lists it. */
export interface CompanyOption {
  id: string;
  name: string | null;
}

/**
 * The companies the device knows, deleted ones left out, by name: a person's own (by_user) or, on an admin's device,
 * every one (the admin bucket). What the admin pages and the request form both offer to pick from.
 */
export function useCompanies() {
  return useWatchedQuery<CompanyOption>(
    'SELECT id, name FROM companies WHERE deleted_at IS NULL ORDER BY name COLLATE NOCASE, id',
  );
}
