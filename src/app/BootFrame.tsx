import QrCode from 'lucide-react/icons/qr-code';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppVersionFooter } from './AppVersionFooter.js';
import { BottomBarPlaceholder } from './chrome/BottomBarPlaceholder.js';
import { HeaderBar } from './chrome/HeaderBar.js';
import { PageLoading } from './PageLoading.js';
import { APP_NAME } from './pageTitle.js';
import { stageTitle } from './stage.js';

/**
 * The app's frame before any script has run: the header with the app's name, the page's loading state and the bottom
 * bar's place, built from the same parts the app renders. On a cheap phone the shell's script takes a second or more
 * to arrive and run; with this in index.html the first paint comes as soon as the style sheet is in, and the app's
 * first render replaces it (createRoot clears the container) without anything moving.
 */
export function BootFrame() {
  return (
    <div className="app" data-auth="loading" data-boot-frame="">
      <HeaderBar back={null} icon={QrCode} title={stageTitle(APP_NAME)} visible />
      <main className="app-main">
        <PageLoading />
        <AppVersionFooter />
      </main>
      <div className="app-bottom">
        <BottomBarPlaceholder />
      </div>
    </div>
  );
}

/** The boot frame as HTML, for the build to place inside index.html's root element. Never loaded by the app. */
export function bootFrameHtml(): string {
  return renderToStaticMarkup(<BootFrame />);
}
