import Shield from 'lucide-react/icons/shield';
import { usePageTitle } from '../../app/pageTitle.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { adminCustomerPath, type AdminSection, type AdminView } from '../../app/routes.js';
import { useCurrentUser } from '../../rpc/session.js';
import { AccessDeniedPage } from '../../app/pages/AccessDeniedPage.js';
import { NotFoundPage } from '../../app/pages/NotFoundPage.js';
import { CustomerDetail } from './company/CustomerDetail.js';
import { CustomerList } from './company/CustomerList.js';
import { AdminNav } from './AdminNav.js';
import { Dashboard } from './Dashboard.js';
import { RequestsPage } from './RequestsPage.js';
import { UserPage } from './UserPage.js';
import { UsersPage } from './UsersPage.js';
import { VehiclesPage } from './VehiclesPage.js';
import './admin.css';

const SECTION_TITLES: Record<Exclude<AdminSection['view'], 'not-found'>, string> = {
  dashboard: 'Admin Dashboard',
  'service-request': 'Service Requests',
  vehicles: 'Vehicle Finder',
  customers: 'Customers',
  customer: 'Customer',
  users: 'Users',
  user: 'User',
};

export const ADMIN_DENIED_TITLE = 'Permission denied';
export const ADMIN_DENIED_MESSAGE = "Oops, you don't have privileges to access this page.";

/** The whole admin area is for admins; the check comes first so not even the area's shape is revealed. */
export function AdminPage({ section }: { section: AdminSection }) {
  const user = useCurrentUser();
  if (!user?.isAdmin) return <AccessDeniedPage title={ADMIN_DENIED_TITLE} message={ADMIN_DENIED_MESSAGE} />;
  if (section.view === 'not-found') return <NotFoundPage />;
  return <AdminSectionPage section={section} />;
}

/** Which tab of the admin navigation a section belongs to. */
function navOf(view: Exclude<AdminSection['view'], 'not-found'>): AdminView {
  return view === 'customer' ? 'customers' : view === 'user' ? 'users' : view;
}

function AdminSectionPage({ section }: { section: Exclude<AdminSection, { view: 'not-found' }> }) {
  const title = SECTION_TITLES[section.view];
  usePageTitle(title, { icon: Shield });
  return (
    <section className="page admin-page" data-page="admin" data-section={section.view}>
      <PageHeader icon={Shield} title={title} />
      <AdminNav current={navOf(section.view)} />
      {section.view === 'dashboard' && <Dashboard />}
      {section.view === 'users' && <UsersPage />}
      {section.view === 'user' && <UserPage userId={section.userId} />}
      {section.view === 'customers' && <CustomerList companyId="" pathOf={adminCustomerPath} />}
      {section.view === 'customer' && <CustomerDetail customerId={section.customerId} />}
      {section.view === 'service-request' && <RequestsPage />}
      {section.view === 'vehicles' && <VehiclesPage />}
    </section>
  );
}
