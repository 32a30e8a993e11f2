import { useCallback, useState } from 'react';
import Car from 'lucide-react/icons/car';
import { Card } from '../../ui/Card.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { adminClient } from '../../rpc/adminClients.js';
import { MoreButton } from './MoreButton.js';
import { SearchField } from './SearchField.js';
import { usePaged } from '../../rpc/useRemote.js';
import { VehicleRows } from './VehicleRows.js';
import { Alert } from '../../ui/Alert.js';

/** /admin/vehicles: the Vehicle Finder over every vehicle; without a search, the newest first, page by page. */
export function VehiclesPage() {
  const [query, setQuery] = useState('');
  const onSearch = useCallback((q: string) => setQuery(q), []);
  const list = usePaged(`vehicles:${query}`, async (cursor) => {
    const res = await adminClient().listVehicles({ query, page: { cursor } });
    return { rows: res.vehicles, next: res.nextCursor };
  });
  return (
    <Card aria-label="Vehicle Finder" data-list-state={list.loading ? 'loading' : 'ready'}>
      <div className="admin-toolbar">
        <SearchField
          name="vehicle-search"
          label="Find a vehicle"
          placeholder="VIN or its last 8, plate, name, tag or owner email"
          onSearch={onSearch}
        />
      </div>
      {list.error && <Alert tone="error">{list.error}</Alert>}
      {list.loading && list.rows.length === 0 && <Loading />}
      {!list.loading && list.rows.length === 0 && !list.error && (
        <EmptyState icon={Car} title="No vehicles found" data-empty="vehicles">
          <p>{query ? `Nothing matches “${query}”. Case, spaces and dashes do not matter.` : 'No vehicles yet.'}</p>
        </EmptyState>
      )}
      {list.rows.length > 0 && <VehicleRows vehicles={list.rows} label={query ? 'Vehicles found' : 'Newest vehicles'} reader="admin" />}
      <MoreButton next={list.next} loading={list.loading} onMore={list.loadMore} />
    </Card>
  );
}
