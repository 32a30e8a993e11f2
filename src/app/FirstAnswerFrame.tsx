import { renderToStaticMarkup } from 'react-dom/server';
import { withFirstAnswer, type FirstAnswer } from '../data/firstAnswer.js';
import { firstRemoteTag } from '../data/tags.js';
import { RegisterPage } from '../features/register/RegisterPage.js';
import { outcomeOf } from '../features/tags/resolveTag.js';
import { TagResolverPage } from '../features/tags/TagResolverPage.js';
import { VehiclePage } from '../features/vehicles/VehiclePage.js';
import { SiteOriginProvider } from '../ui/siteOrigin.js';
import { AppFrame } from './BootFrame.js';
import { documentTitle, takeRenderedHeading } from './pageTitle.js';
import { renderingAt } from './router.js';
import { matchRoute } from './routes.js';

const PAGE_SLOT = '<template data-first-answer-page=""></template>';

/**
 * A tag's first answer as HTML (server/http/first-answer.ts puts it in the page it serves for the tag's address): the
 * page the tag leads to — a vehicle's profile, the claim page, or the tag page's own answer — rendered by the app's
 * own pages from the answer alone, in the app's frame, the way the app's first render shows it (src/data/firstAnswer.ts).
 * `origin`: the site's own, from the server's configuration.
 */
export function firstAnswerHtml(answer: FirstAnswer, origin: string): { html: string; path: string; title: string } {
  return withFirstAnswer(answer, () => {
    const remote = firstRemoteTag(answer.hash);
    const outcome = remote === null ? null : outcomeOf(answer.hash, remote);
    const path = outcome?.kind === 'redirect' ? outcome.path : `/${answer.hash}`;
    return renderingAt(path, () => {
      // The page first: the header around it shows the heading the page asked for as it rendered.
      takeRenderedHeading();
      const page = renderToStaticMarkup(<SiteOriginProvider origin={origin}>{routePage(path, answer.hash)}</SiteOriginProvider>);
      const heading = takeRenderedHeading();
      const frame = renderToStaticMarkup(
        <AppFrame heading={heading} auth="signed-out">
          <template data-first-answer-page="" />
        </AppFrame>,
      );
      if (!frame.includes(PAGE_SLOT)) throw new Error('The first answer frame lost its page slot');
      return { html: frame.replace(PAGE_SLOT, page), path, title: documentTitle(heading.title) };
    });
  });
}

/** The page the app shows at `path` for this answer (the vehicle's profile, the claim page, or the tag page). */
function routePage(path: string, hash: string) {
  const route = matchRoute(path);
  switch (route.name) {
    case 'vehicle':
      return <VehiclePage vehicleId={route.vehicleId} section={route.section} services={() => null} />;
    case 'register':
      return <RegisterPage hash={route.hash} />;
    default:
      return <TagResolverPage hash={hash} />;
  }
}
