import Shield from 'lucide-react/icons/shield';
import { usePageTitle } from '../../app/pageTitle.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';
import type { AdminSection } from '../../app/routes.js';
import { useCurrentUser } from '../../rpc/session.js';
import { AccessDeniedPage } from '../../app/pages/AccessDeniedPage.js';
import { NotFoundPage } from '../../app/pages/NotFoundPage.js';

const SECTION_TITLES: Record<Exclude<AdminSection['view'], 'not-found'>, string> = {
  dashboard: 'Admin Dashboard',
  'service-request': 'Service Requests',
  vehicles: 'Vehicles',
  customers: 'Customers',
  customer: 'Customer',
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

function AdminSectionPage({ section }: { section: Exclude<AdminSection, { view: 'not-found' }> }) {
  const title = SECTION_TITLES[section.view];
  usePageTitle(title, { icon: Shield });
  const id = section.view === 'customer' ? section.customerId : section.view === 'user' ? section.userId : null;
  return (
    <section className="page" data-page="admin" data-section={section.view}>
      <PageHeader icon={Shield} title={title} />
      {id !== null && (
        <Card>
          <p>
            <code>{id}</code>
          </p>
        </Card>
      )}
    </section>
  );
}
