import { usePageTitle } from '../../app/pageTitle.js';
import type { AdminSection } from '../../app/routes.js';
import { NotFoundPage } from '../common/NotFoundPage.js';

const SECTION_TITLES: Record<Exclude<AdminSection['view'], 'not-found'>, string> = {
  dashboard: 'Admin Dashboard',
  'service-request': 'Service Requests',
  vehicles: 'Vehicles',
  customers: 'Customers',
  customer: 'Customer',
  user: 'User',
};

export function AdminPage({ section }: { section: AdminSection }) {
  if (section.view === 'not-found') return <NotFoundPage />;
  return <AdminSectionPage section={section} />;
}

function AdminSectionPage({ section }: { section: Exclude<AdminSection, { view: 'not-found' }> }) {
  const title = SECTION_TITLES[section.view];
  usePageTitle(title);
  const id = section.view === 'customer' ? section.customerId : section.view === 'user' ? section.userId : null;
  return (
    <section className="page" data-page="admin" data-section={section.view}>
      <h1>{title}</h1>
      {id !== null && (
        <p>
          <code>{id}</code>
        </p>
      )}
    </section>
  );
}
