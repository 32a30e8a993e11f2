import { adminPath, type AdminView } from '../../app/routes.js';
import { Link } from '../../ui/Link.js';
import { buttonClass } from '../../ui/buttonClass.js';

const ENTRIES: { view: AdminView; label: string }[] = [
  { view: 'dashboard', label: 'Dashboard' },
  { view: 'users', label: 'Users' },
  { view: 'customers', label: 'Customers' },
  { view: 'service-request', label: 'Requests' },
  { view: 'vehicles', label: 'Vehicle Finder' },
];

/** The admin area's sections, the current one marked. */
export function AdminNav({ current }: { current: AdminView | null }) {
  return (
    <nav className="admin-nav" aria-label="Admin sections">
      {ENTRIES.map((e) => (
        <Link key={e.view} to={adminPath(e.view)} className={buttonClass('secondary')} aria-current={e.view === current ? 'page' : undefined}>
          {e.label}
        </Link>
      ))}
    </nav>
  );
}
