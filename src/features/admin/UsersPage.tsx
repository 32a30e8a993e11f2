import { counted } from '../../domain/counting.js';
import { useCallback, useState } from 'react';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserRound from 'lucide-react/icons/user-round';
import { adminUserPath } from '../../app/routes.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import { Card } from '../../ui/Card.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { adminClient } from '../../rpc/adminClients.js';
import { MoreButton } from './MoreButton.js';
import { SearchField } from './SearchField.js';
import { usePaged } from '../../rpc/useRemote.js';
import { Alert } from '../../ui/Alert.js';

/** /admin/users: every account, newest first, searched on the server by email start or part of the name. */
export function UsersPage() {
  const [query, setQuery] = useState('');
  const onSearch = useCallback((q: string) => setQuery(q), []);
  const list = usePaged(`users:${query}`, async (cursor) => {
    const res = await adminClient().listUsers({ query, page: { cursor } });
    return { rows: res.users, next: res.nextCursor };
  });
  return (
    <Card aria-label="Users" data-list-state={list.loading ? 'loading' : 'ready'}>
      <div className="admin-toolbar">
        <SearchField name="user-search" label="Search users" placeholder="Email or name" onSearch={onSearch} />
      </div>
      {list.error && <Alert tone="error">{list.error}</Alert>}
      {list.loading && list.rows.length === 0 && <Loading />}
      {!list.loading && list.rows.length === 0 && !list.error && (
        <EmptyState icon={UserRound} title="No users found">
          <p>No account matches “{query}”.</p>
        </EmptyState>
      )}
      {list.rows.length > 0 && (
        <ul className="ui-list" data-list="users">
          {list.rows.map((u) => (
            <li key={u.id}>
              <ListItem
                to={adminUserPath(u.id)}
                data-user={u.email}
                icon={u.isAdmin ? ShieldCheck : UserRound}
                iconSize={20}
                iconLabel={u.isAdmin ? 'Admin' : undefined}
                title={u.displayName || u.email}
              >
                <ListItemDetail>
                  {u.email} · {counted(u.vehicleCount, 'vehicle')}
                </ListItemDetail>
              </ListItem>
            </li>
          ))}
        </ul>
      )}
      <MoreButton next={list.next} loading={list.loading} onMore={list.loadMore} />
    </Card>
  );
}
