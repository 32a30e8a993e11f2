import { APP_VERSION } from './version.js';

/** The app's version at the bottom of every page, and of the frame painted before them. */
export function AppVersionFooter() {
  return (
    <footer className="app-version" data-app-version={APP_VERSION}>
      Tagbook {APP_VERSION}
    </footer>
  );
}
