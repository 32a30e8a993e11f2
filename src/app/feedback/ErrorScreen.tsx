import { useState } from 'react';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Button } from '../../ui/Button.js';
import { APP_VERSION } from '../version.js';
import { resetApp } from './resetApp.js';

/** The global error screen: what happened, Try Again, Reset App, and what to do if it keeps happening. */
export function ErrorScreen({ error, standalone }: { error: unknown; standalone: boolean }) {
  const [resetting, setResetting] = useState(false);
  const detail = error instanceof Error ? error.message : String(error);
  // Inside the shell it is the page in <main>; when the shell itself failed it is the whole document.
  const Root = standalone ? 'main' : 'section';
  return (
    <Root className={standalone ? 'error-screen error-screen--standalone' : 'error-screen'} data-page="error">
      <section className="error-screen__card ui-card" aria-labelledby="error-title">
        <span className="error-screen__icon" aria-hidden="true">
          <TriangleAlert size={36} />
        </span>
        <h1 id="error-title">Oops! Something Went Wrong</h1>
        <p>
          This screen could not be shown. Nothing you saved is lost: your data stays on this device and syncs when it
          can.
        </p>
        <div className="ui-button-row error-screen__actions">
          <Button icon={RefreshCw} data-action="try-again" onClick={() => window.location.reload()}>
            Try Again
          </Button>
          <Button
            variant="secondary"
            icon={RotateCcw}
            busy={resetting}
            data-action="reset-app"
            onClick={() => {
              setResetting(true);
              void resetApp();
            }}
          >
            Reset App
          </Button>
        </div>
        <p className="ui-muted error-screen__advice">
          If this keeps happening, use Reset App: it reloads the latest version and keeps your data. Still stuck?
          Contact Tagbook support and tell us what you were doing and the details below.
        </p>
        <details className="error-screen__details">
          <summary>Details</summary>
          <code>{detail}</code>
          <p className="ui-muted">Tagbook {APP_VERSION}</p>
        </details>
      </section>
    </Root>
  );
}
