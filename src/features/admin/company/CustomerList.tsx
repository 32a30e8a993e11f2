import { useCallback, useState } from 'react';
import Plus from 'lucide-react/icons/plus';
import UserRound from 'lucide-react/icons/user-round';
import { ListItem, ListItemDetail } from '../../../ui/ListItem.js';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { Loading } from '../../../ui/Loading.js';
import { companyClient } from '../../../rpc/adminClients.js';
import { MoreButton } from '../MoreButton.js';
import { SearchField } from '../SearchField.js';
import { usePaged } from '../../../rpc/useRemote.js';
import { CustomerFormDialog } from './CustomerForm.js';
import { Alert } from '../../../ui/Alert.js';
import { Checkbox } from '../../../ui/Checkbox.js';
import { Chip } from '../../../ui/Chip.js';

/**
 * Customers by name, searched on the server: a company's (companyId), or every one for administrators (''). New
 * customers go to that company (none for the admins' list).
 */
export function CustomerList({ companyId, pathOf }: { companyId: string; pathOf: (customerId: string) => string }) {
  const [query, setQuery] = useState('');
  const [deleted, setDeleted] = useState(false);
  const [creating, setCreating] = useState(false);
  const onSearch = useCallback((q: string) => setQuery(q), []);
  const list = usePaged(`customers:${companyId}:${query}:${deleted}`, async (cursor) => {
    const res = await companyClient().listCustomers({ companyId, query, includeDeleted: deleted, page: { cursor } });
    return { rows: res.customers, next: res.nextCursor };
  });
  return (
    <Card aria-labelledby="customers-title" data-list-state={list.loading ? 'loading' : 'ready'}>
      <div className="admin-head">
        <h2 id="customers-title">Customers</h2>
        <Button icon={Plus} onClick={() => setCreating(true)} data-action="new-customer">
          New customer
        </Button>
      </div>
      <div className="admin-toolbar">
        <SearchField name="customer-search" label="Search customers" placeholder="Name, email or phone" onSearch={onSearch} />
        <Checkbox className="admin-check" label="Show deleted" checked={deleted} onChange={setDeleted} />
      </div>
      {list.error && <Alert tone="error">{list.error}</Alert>}
      {list.loading && list.rows.length === 0 && <Loading />}
      {!list.loading && list.rows.length === 0 && !list.error && (
        <EmptyState icon={UserRound} title="No customers" data-empty="customers">
          <p>{query ? `Nobody matches “${query}”.` : 'Add the people whose vehicles you service.'}</p>
        </EmptyState>
      )}
      {list.rows.length > 0 && (
        <ul className="ui-list" data-list="customers">
          {list.rows.map((c) => (
            <li key={c.id}>
              <ListItem
                to={pathOf(c.id)}
                data-customer={c.name}
                icon={UserRound}
                iconSize={20}
                title={c.name}
                end={c.deletedAt !== 0n && <Chip>Deleted</Chip>}
              >
                <ListItemDetail>
                  {[c.email, c.phone, companyId === '' ? c.companyName || 'No company' : null].filter(Boolean).join(' · ') || 'No contact details'}
                </ListItemDetail>
              </ListItem>
            </li>
          ))}
        </ul>
      )}
      <MoreButton next={list.next} loading={list.loading} onMore={list.loadMore} />
      {creating && (
        <CustomerFormDialog
          title="New customer"
          initial={{ name: '', email: '', phone: '', note: '' }}
          onClose={() => setCreating(false)}
          onSubmit={async (value) => {
            await companyClient().saveCustomer({ companyId, ...value });
            list.reload();
          }}
        />
      )}
    </Card>
  );
}
