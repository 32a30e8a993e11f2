import { usePageTitle } from '../../app/pageTitle.js';

export function CompanyPage({ subPath }: { subPath: string }) {
  usePageTitle('Company');
  return (
    <section className="page" data-page="company" data-sub-path={subPath}>
      <h1>Company</h1>
    </section>
  );
}
