import { useWatchedQuery } from '../../data/useQuery.js';
import type { Row, WithRequired } from '../rows.js';

/** What the pages show of an account. */
export type UserSummary = WithRequired<Pick<Row<'users'>, 'id' | 'display_name' | 'email'>, 'display_name' | 'email'>;

/** An account by id, when this device holds its row (a person's own; an admin's device, the vehicles' owners). */
export function useUser(userId: string | null) {
  return useWatchedQuery<UserSummary>('SELECT id, display_name, email FROM users WHERE id = ?', [userId ?? '']);
}
