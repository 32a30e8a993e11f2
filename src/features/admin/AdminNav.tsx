import { adminPath, type AdminView } from '../../app/routes.js';
import { SectionTabs } from '../../ui/SectionTabs.js';

const TABS = (
  [
    { view: 'dashboard', label: 'Dashboard' },
    { view: 'users', label: 'Users' },
    { view: 'customers', label: 'Customers' },
    { view: 'service-request', label: 'Requests' },
    { view: 'vehicles', label: 'Vehicle Finder' },
  ] as const satisfies readonly { view: AdminView; label: string }[]
).map((e) => ({ key: e.view, label: e.label, to: adminPath(e.view) }));

/** The admin area's sections, the current one marked. */
export function AdminNav({ current }: { current: AdminView | null }) {
  return <SectionTabs label="Admin sections" tabs={TABS} current={current} />;
}
