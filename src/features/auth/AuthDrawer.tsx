import { useEffect, useRef, useState } from 'react';
import X from 'lucide-react/icons/x';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { AUTH_EMAIL_PARAM, AUTH_PARAM, closeAuthDrawer } from '../../app/authLinks.js';
import type { AuthMode } from '../../app/authLinks.js';
import { getSearchParam, setSearchParam } from '../../ui/navigation.js';
import { IconButton } from '../../ui/IconButton.js';
import { trapTab } from '../../ui/focus.js';
import { useScrollLock } from '../../ui/scrollLock.js';
import { RegistrationForm } from './RegistrationForm.js';
import { SignInForm } from './SignInForm.js';

const TABS: ReadonlyArray<{ mode: AuthMode; label: string }> = [
  { mode: 'register', label: 'Registration' },
  { mode: 'login', label: 'Sign in' },
];

const tabId = (mode: AuthMode) => `auth-tab-${mode}`;
const PANEL_ID = 'auth-panel';

/** Switching tabs replaces the history entry: Back should close the drawer, not walk through its tabs. */
function selectTab(mode: AuthMode): void {
  setSearchParam(AUTH_PARAM, mode, { replace: true });
}

/**
 * The auth drawer: a modal sheet from the bottom with the Registration and Sign in tabs. Closing (Escape, the
 * close button, the backdrop) removes the query parameter; the host unmounts the drawer when it is gone.
 */
export function AuthDrawer({ mode }: { mode: AuthMode }) {
  // One email for both tabs: someone who typed it in the wrong tab should not type it again.
  const [email, setEmail] = useState(() => getSearchParam(AUTH_EMAIL_PARAM) ?? '');
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.querySelector<HTMLElement>(`#${PANEL_ID} input`)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeAuthDrawer();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Back to where the user was (the button that opened the drawer), if it is still on the page.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // aria-modal promises that focus stays inside: Tab and Shift+Tab wrap around the drawer.
  const trapFocus = (event: ReactKeyboardEvent<HTMLDivElement>) => trapTab(event, dialogRef.current);
  useScrollLock();

  // WAI-ARIA tabs: arrow keys move between the two tabs.
  const onTabKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const other = mode === 'login' ? 'register' : 'login';
    selectTab(other);
    document.getElementById(tabId(other))?.focus();
  };

  return (
    <div className="auth-drawer-layer">
      <div className="auth-drawer-backdrop" aria-hidden="true" onClick={closeAuthDrawer} />
      <div
        ref={dialogRef}
        className="auth-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={tabId(mode)}
        data-auth-drawer={mode}
        onKeyDown={trapFocus}
      >
        <div className="auth-drawer-head">
          <div className="auth-tabs" role="tablist" aria-label="Account">
            {TABS.map((tab) => (
              <button
                key={tab.mode}
                id={tabId(tab.mode)}
                type="button"
                role="tab"
                className="auth-tab"
                aria-selected={tab.mode === mode}
                aria-controls={PANEL_ID}
                tabIndex={tab.mode === mode ? 0 : -1}
                data-auth-tab={tab.mode}
                onClick={() => selectTab(tab.mode)}
                onKeyDown={onTabKeyDown}
              >
                {tab.label}
              </button>
            ))}
          </div>
          <IconButton icon={X} label="Close" className="auth-drawer-close" onClick={closeAuthDrawer} />
        </div>
        <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(mode)}>
          {mode === 'register' ? (
            <RegistrationForm email={email} onEmailChange={setEmail} />
          ) : (
            <SignInForm email={email} onEmailChange={setEmail} />
          )}
        </div>
      </div>
    </div>
  );
}
