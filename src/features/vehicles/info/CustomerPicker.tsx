import { useId, useState } from 'react';
import UserRound from 'lucide-react/icons/user-round';
import X from 'lucide-react/icons/x';
import { IconButton } from '../../../ui/IconButton.js';
import { companyClient } from '../../../rpc/adminClients.js';
import { useRemote } from '../../../rpc/useRemote.js';
import { Input } from '../../../ui/Input.js';
import { ListItem, ListItemDetail } from '../../../ui/ListItem.js';
import { Chip } from '../../../ui/Chip.js';
import { FieldLegend } from '../../../ui/Field.js';

/**
 * The customer a vehicle belongs to — one at most; picking another replaces it (last pick wins). Searches
 * every company's customers on the server by name, email or phone (admins' devices do not hold the customer list).
 */
export function CustomerPicker({
  value,
  onChange,
}: {
  value: { id: string; name: string } | null;
  onChange: (customer: { id: string; name: string } | null) => void;
}) {
  const id = useId();
  const [term, setTerm] = useState('');
  const q = term.trim();
  const found = useRemote(`customer-pick:${q}`, async () =>
    q === '' ? [] : (await companyClient().listCustomers({ companyId: '', query: q, page: { limit: 20 } })).customers,
  );
  const matches = (found.data ?? []).filter((c) => c.id !== value?.id);
  return (
    <fieldset className="customer-picker" data-customer-picker="">
      <FieldLegend>Customer</FieldLegend>
      {value ? (
        <p className="customer-picker__chosen" data-customer={value.id}>
          <Chip icon={UserRound}>{value.name || 'Customer'}</Chip>
          <IconButton icon={X} label={`Remove customer ${value.name}`} iconSize={18} onClick={() => onChange(null)} />
        </p>
      ) : (
        <p className="ui-muted">No customer.</p>
      )}
      <label className="visually-hidden" htmlFor={id}>
        Find a customer
      </label>
      <Input
        id={id}
        type="search"
        placeholder="Find a customer by name or email"
        value={term}
        autoComplete="off"
        onChange={(event) => setTerm(event.target.value)}
      />
      {matches.length > 0 && (
        <ul className="ui-list customer-picker__results" aria-label="Customers found">
          {matches.map((c) => (
            <li key={c.id}>
              <ListItem
                onClick={() => {
                  onChange({ id: c.id, name: c.name });
                  setTerm('');
                }}
                title={c.name}
              >
                {c.email && <ListItemDetail>{c.email}</ListItemDetail>}
              </ListItem>
            </li>
          ))}
        </ul>
      )}
      {term.trim() !== '' && found.status === 'ready' && matches.length === 0 && <p className="ui-muted">No customer matches.</p>}
    </fieldset>
  );
}
