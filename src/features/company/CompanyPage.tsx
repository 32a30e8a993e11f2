import Building2 from 'lucide-react/icons/building-2';
import { usePageTitle } from '../../app/pageTitle.js';
import { PageHeader } from '../../ui/PageHeader.js';

export function CompanyPage({ subPath }: { subPath: string }) {
  usePageTitle('Company', { icon: Building2 });
  return (
    <section className="page" data-page="company" data-sub-path={subPath}>
      <PageHeader icon={Building2} title="Company" />
    </section>
  );
}
