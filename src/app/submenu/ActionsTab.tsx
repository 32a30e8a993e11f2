import { useEffect, useMemo } from 'react';
import Link2 from 'lucide-react/icons/link';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useCurrentUser } from '../../rpc/session.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { ADMIN_ACTIONS } from '../actions/adminActions.js';
import { createLongPress } from '../actions/longPress.js';
import { useCurrentPageActions } from '../actions/pageActions.js';
import type { PageAction } from '../actions/pageActions.js';
import { refreshSoon } from '../actions/refresh.js';
import { browserShareEnv, copyUrl, shareUrl } from '../actions/shareUrl.js';
import { MenuRowContent } from './MenuList.js';

const windowClock = {
  now: () => performance.now(),
  setTimeout: (callback: () => void, ms: number) => window.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};

/** The Actions tab: the page's own actions, Copy URL (hold to share), Refresh, and the admin-only entries. */
export function ActionsTab({ onDone }: { onDone: () => void }) {
  const user = useCurrentUser();
  const pageActions = useCurrentPageActions();
  const run = (action: PageAction) => {
    onDone();
    action.run();
  };
  return (
    <ul className="ui-list submenu-list" aria-label="Actions">
      {[...pageActions].map((action) => (
        <li key={action.id}>
          <button type="button" className="ui-list-item" data-page-action={action.id} onClick={() => run(action)}>
            <MenuRowContent icon={action.icon} label={action.label} />
          </button>
        </li>
      ))}
      <li>
        <CopyUrlButton />
      </li>
      <li>
        <button
          type="button"
          className="ui-list-item"
          data-action="refresh"
          onClick={() =>
            refreshSoon(showSnackbar, () => window.location.reload(), (callback, ms) => {
              const handle = window.setTimeout(callback, ms);
              return () => window.clearTimeout(handle);
            })
          }
        >
          <MenuRowContent icon={RefreshCw} label="Refresh" detail="Reload the app" />
        </button>
      </li>
      {user?.isAdmin &&
        ADMIN_ACTIONS.map((action) => (
          <li key={action.id}>
            <button type="button" className="ui-list-item" data-admin-action={action.id} onClick={() => run(action)}>
              <MenuRowContent icon={action.icon} label={action.label} />
            </button>
          </li>
        ))}
    </ul>
  );
}

/** Short press copies the address; holding it about a second opens the share sheet (copying where there is none). */
function CopyUrlButton() {
  const press = useMemo(
    () =>
      createLongPress(
        windowClock,
        () => void copyUrl(window.location.href, browserShareEnv()).then(showSnackbar),
        () =>
          void shareUrl(window.location.href, document.title, browserShareEnv()).then((message) => {
            if (message) showSnackbar(message);
          }),
      ),
    [],
  );
  useEffect(() => () => press.cancel(), [press]);
  return (
    <button
      type="button"
      className="ui-list-item"
      data-action="copy-url"
      onPointerDown={(event) => {
        if (event.button === 0) press.start();
      }}
      onPointerUp={() => press.end()}
      onPointerLeave={() => press.cancel()}
      onPointerCancel={() => press.cancel()}
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        // Keyboard users: Enter or Space copies; Shift+Enter shares.
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          if (event.repeat) return;
          if (event.shiftKey) void shareUrl(window.location.href, document.title, browserShareEnv()).then((m) => m && showSnackbar(m));
          else void copyUrl(window.location.href, browserShareEnv()).then(showSnackbar);
        }
      }}
    >
      <MenuRowContent icon={Link2} label="Copy URL" detail="Hold to share" />
    </button>
  );
}
