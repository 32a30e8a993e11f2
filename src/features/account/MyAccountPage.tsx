import { usePageTitle } from '../../app/pageTitle.js';

export function MyAccountPage({ subPath }: { subPath: string }) {
  usePageTitle('My Account');
  return (
    <section className="page" data-page="my-account" data-sub-path={subPath}>
      <h1>My Account</h1>
    </section>
  );
}
