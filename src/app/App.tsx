import { Suspense, lazy } from 'react';
import { NotFoundPage } from '../features/common/NotFoundPage.js';
import { useSessionSnapshot } from '../rpc/session.js';
import { AuthDrawerHost } from './AuthDrawerHost.js';
import { BottomBar } from './BottomBar.js';
import { goBack, canGoBack } from './navigation.js';
import { PageLoading } from './PageLoading.js';
import { APP_NAME, usePageTitleValue } from './pageTitle.js';
import { RequireLogin } from './RequireLogin.js';
import { useLocation, useRoute } from './router.js';
import { SyncStatusBar } from './SyncStatusBar.js';
import { HOME_PATH } from './routes.js';
import type { Route } from './routes.js';
import './app.css';
import './auth.css';

// Each feature is its own chunk so the first render ships only the shell and the page it shows. The not-found page
// is tiny and is the fallback for every typo, so it stays in the shell.
const PublicVehiclesPage = lazy(() =>
  import('../features/home/PublicVehiclesPage.js').then((m) => ({ default: m.PublicVehiclesPage })),
);
const MyVehiclesPage = lazy(() =>
  import('../features/vehicles/MyVehiclesPage.js').then((m) => ({ default: m.MyVehiclesPage })),
);
const VehiclePage = lazy(() => import('../features/vehicles/VehiclePage.js').then((m) => ({ default: m.VehiclePage })));
const AdminPage = lazy(() => import('../features/admin/AdminPage.js').then((m) => ({ default: m.AdminPage })));
const CompanyPage = lazy(() => import('../features/company/CompanyPage.js').then((m) => ({ default: m.CompanyPage })));
const RegisterPage = lazy(() =>
  import('../features/register/RegisterPage.js').then((m) => ({ default: m.RegisterPage })),
);
const UnderConstructionPage = lazy(() =>
  import('../features/common/UnderConstructionPage.js').then((m) => ({ default: m.UnderConstructionPage })),
);
const MyAccountPage = lazy(() =>
  import('../features/account/MyAccountPage.js').then((m) => ({ default: m.MyAccountPage })),
);
const RecoverAccountPage = lazy(() =>
  import('../features/account/RecoverAccountPage.js').then((m) => ({ default: m.RecoverAccountPage })),
);
const HelpPage = lazy(() => import('../features/help/HelpPage.js').then((m) => ({ default: m.HelpPage })));
const TagResolverPage = lazy(() =>
  import('../features/tags/TagResolverPage.js').then((m) => ({ default: m.TagResolverPage })),
);

export function RoutePage({ route }: { route: Route }) {
  switch (route.name) {
    case 'public-vehicles':
      return <PublicVehiclesPage />;
    case 'my-vehicles':
      return (
        <RequireLogin message="Oops, I couldn't identify you, to list your vehicles you must sign in.">
          <MyVehiclesPage />
        </RequireLogin>
      );
    case 'vehicle':
      return <VehiclePage vehicleId={route.vehicleId} section={route.section} />;
    case 'admin':
      return (
        <RequireLogin>
          <AdminPage section={route.section} />
        </RequireLogin>
      );
    case 'company':
      return <CompanyPage subPath={route.subPath} />;
    case 'register':
      return <RegisterPage hash={route.hash} />;
    case 'under-construction':
      return <UnderConstructionPage feature={route.feature} />;
    // Not wrapped: its sign-in link page is for signed-out visitors; the page guards the rest itself.
    case 'my-account':
      return <MyAccountPage subPath={route.subPath} />;
    case 'recover-account':
      return <RecoverAccountPage hash={route.hash} email={route.email} />;
    case 'help':
      return <HelpPage topic={route.topic} />;
    case 'tag':
      return <TagResolverPage hash={route.hash} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

/** Where the back button goes when history holds nothing of ours: one level up the path. */
export function parentPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? HOME_PATH : trimmed.slice(0, cut);
}

function AppHeader() {
  const title = usePageTitleValue();
  const { pathname } = useLocation();
  const showBack = pathname !== HOME_PATH || canGoBack();
  return (
    <header className="app-header">
      {showBack ? (
        <button type="button" className="app-header-back" aria-label="Back" onClick={() => goBack(parentPath(pathname))}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z" fill="currentColor" />
          </svg>
        </button>
      ) : (
        <span className="app-header-back-spacer" aria-hidden="true" />
      )}
      <span className="app-header-title">{title || APP_NAME}</span>
    </header>
  );
}

export function App() {
  const route = useRoute();
  const { status, session } = useSessionSnapshot();
  // data-auth lets tests (and CSS) tell the three states apart without knowing the chrome's details.
  const auth = status === 'loading' ? 'loading' : session === null ? 'signed-out' : 'signed-in';
  return (
    <div className="app" data-auth={auth}>
      <AppHeader />
      <main className="app-main">
        <Suspense fallback={<PageLoading />}>
          <RoutePage route={route} />
        </Suspense>
      </main>
      <div className="app-bottom">
        <SyncStatusBar />
        <BottomBar />
      </div>
      <AuthDrawerHost />
    </div>
  );
}

export default App;
