import { useEffect, useMemo } from 'react';
import Link2 from 'lucide-react/icons/link';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useCurrentUser } from '../../rpc/session.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { ADMIN_ACTIONS } from '../actions/adminActions.js';
import { createLongPress } from '../actions/longPress.js';
import { useCurrentPageActions } from '../actions/pageActions.js';
import type { PageAction } from '../actions/pageActions.js';
import { refreshSoon } from '../actions/refresh.js';
import { browserShareEnv, copyUrl, shareUrl } from '../actions/shareUrl.js';

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
          <ListItem data-page-action={action.id} onClick={() => run(action)} icon={action.icon} title={action.label} />
        </li>
      ))}
      <li>
        <CopyUrlButton />
      </li>
      <li>
        <ListItem
          data-action="refresh"
          onClick={() =>
            refreshSoon(showSnackbar, () => window.location.reload(), (callback, ms) => {
              const handle = window.setTimeout(callback, ms);
              return () => window.clearTimeout(handle);
            })
          }
          icon={RefreshCw}
          title="Refresh"
        >
          <ListItemDetail>Reload the app</ListItemDetail>
        </ListItem>
      </li>
      {user?.isAdmin &&
        ADMIN_ACTIONS.map((action) => (
          <li key={action.id}>
            <ListItem data-admin-action={action.id} onClick={() => run(action)} icon={action.icon} title={action.label} />
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
    <ListItem
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
      icon={Link2}
      title="Copy URL"
    >
      <ListItemDetail>Hold to share</ListItemDetail>
    </ListItem>
  );
}
