import ArrowLeft from 'lucide-react/icons/arrow-left';
import QrCode from 'lucide-react/icons/qr-code';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IconButton } from '../ui/IconButton.js';
import { AppVersionFooter } from './AppVersionFooter.js';
import { BottomBar } from './chrome/BottomBar.js';
import { BottomBarPlaceholder } from './chrome/BottomBarPlaceholder.js';
import { HeaderBar } from './chrome/HeaderBar.js';
import { PageLoading } from './PageLoading.js';
import { APP_NAME, type PageHeading } from './pageTitle.js';
import { stageTitle } from './stage.js';

/**
 * The app's frame before any script has run, built from the same parts the app renders: the header with the page's
 * heading, the page, and the bottom bar's place. The app's first render replaces it (createRoot clears the
 * container) without anything moving.
 */
export function AppFrame({ heading, auth, children }: { heading: PageHeading | null; auth: 'loading' | 'signed-out'; children: ReactNode }) {
  return (
    <div className="app" data-auth={auth} data-boot-frame="">
      <HeaderBar
        // As the app's header: a page other than the home has Back (it works once the script has run).
        back={heading === null ? null : <IconButton icon={ArrowLeft} label="Back" data-action="back" />}
        icon={heading?.icon ?? QrCode}
        title={stageTitle(heading?.title || APP_NAME)}
        subtitle={heading?.subtitle ?? null}
        visible
      />
      <main className="app-main">
        {children}
        <AppVersionFooter />
      </main>
      <div className="app-bottom">
        {/* Signed out, the bar is known before any script: Register and Sign In are links that work without one. */}
        {auth === 'signed-out' ? <BottomBar /> : <BottomBarPlaceholder />}
      </div>
    </div>
  );
}

/**
 * The boot frame: the page's loading state in the app's frame, placed in index.html. On a cheap phone the shell's
 * script takes a second or more to arrive and run; with this the first paint comes as soon as the style sheet is in.
 */
export function BootFrame() {
  return (
    <AppFrame heading={null} auth="loading">
      <PageLoading />
    </AppFrame>
  );
}

/** The boot frame as HTML, for the build to place inside index.html's root element. Never loaded by the app. */
export function bootFrameHtml(): string {
  return renderToStaticMarkup(<BootFrame />);
}
