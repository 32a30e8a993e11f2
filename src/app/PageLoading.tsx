import { Loading } from '../ui/Loading.js';

/** What <main> shows while a page's code loads: the page has no heading of its own yet, so this one stands in. */
export function PageLoading() {
  return (
    <section className="page" data-page-loading="">
      <h1 className="visually-hidden">Loading</h1>
      <Loading />
    </section>
  );
}
