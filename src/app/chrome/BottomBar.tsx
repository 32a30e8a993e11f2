import { lazy, Suspense, useState } from 'react';
import BriefcaseBusiness from 'lucide-react/icons/briefcase-business';
import ChevronUp from 'lucide-react/icons/chevron-up';
import EllipsisVertical from 'lucide-react/icons/ellipsis-vertical';
import LogIn from 'lucide-react/icons/log-in';
import Menu from 'lucide-react/icons/menu';
import QrCode from 'lucide-react/icons/qr-code';
import UserPlus from 'lucide-react/icons/user-plus';
import type { LucideIcon } from 'lucide-react';
import { Dialog } from '../../ui/Dialog.js';
import { Loading } from '../../ui/Loading.js';
import { useSessionSnapshot } from '../../rpc/session.js';
import { authHref } from '../authLinks.js';
import { useLocation } from '../router.js';
import { Link } from '../../ui/Link.js';
import { toggleSubmenu, useSubmenu } from '../submenu/submenuState.js';
import type { SubmenuTab } from '../submenu/submenuState.js';
import { BottomBarPlaceholder } from './BottomBarPlaceholder.js';
import { showChrome, useChromeVisible } from './chromeVisibility.js';

// The scanner dialog, its camera library and its history query load only when someone opens it.
const ScannerDialog = lazy(() => import('../../features/tags/ScannerDialog.js').then((m) => ({ default: m.ScannerDialog })));

/** The QR scanner button: for everyone (visitors scan tags too). */
function ScanButton() {
  const [scanning, setScanning] = useState(false);
  return (
    <>
      <button
        type="button"
        className="app-bottom-button app-bottom-button--scan"
        aria-label="QR scanner"
        data-action="open-scanner"
        onClick={() => setScanning(true)}
      >
        <QrCode size={26} aria-hidden="true" />
      </button>
      {scanning && (
        <Suspense
          fallback={
            <Dialog title="QR Scanner" name="scanner" fullScreen onClose={() => setScanning(false)}>
              <Loading label="Loading QR Scanner..." />
            </Dialog>
          }
        >
          <ScannerDialog onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Signed-in users get four buttons (navigation menu, workspace menu, QR scanner, actions menu); everyone
 * else gets Register and Sign In in their place, with the scanner between them (visitors scan tags too). When the chrome has scrolled away a 'Show menu' tab brings it back.
 */
export function BottomBar() {
  const { status, session } = useSessionSnapshot();
  const visible = useChromeVisible();
  if (!visible) {
    return (
      <button type="button" className="app-show-menu" data-action="show-menu" onClick={showChrome}>
        <ChevronUp size={18} aria-hidden="true" />
        Show menu
      </button>
    );
  }
  if (status === 'loading') return <BottomBarPlaceholder />;
  return session === null ? <GuestBar /> : <BottomNav />;
}

function MenuButton({ tab, icon: Icon, label }: { tab: SubmenuTab; icon: LucideIcon; label: string }) {
  const open = useSubmenu() === tab;
  return (
    <button
      type="button"
      className="app-bottom-button"
      aria-label={label}
      aria-expanded={open}
      aria-controls={open ? 'submenu-panel' : undefined}
      data-menu={tab}
      onClick={() => toggleSubmenu(tab)}
    >
      <Icon size={24} aria-hidden="true" />
    </button>
  );
}

function BottomNav() {
  return (
    <nav aria-label="Bottom navigation" className="app-bottom-nav">
      <MenuButton tab="navigation" icon={Menu} label="Navigation menu" />
      <MenuButton tab="workspace" icon={BriefcaseBusiness} label="Workspace menu" />
      <ScanButton />
      <MenuButton tab="actions" icon={EllipsisVertical} label="Actions menu" />
    </nav>
  );
}

function GuestBar() {
  const location = useLocation();
  return (
    <nav aria-label="Account" className="app-bottom-nav app-guest-bar">
      <Link to={authHref(location, 'register')} data-action="open-register">
        <UserPlus size={20} aria-hidden="true" />
        Register
      </Link>
      <ScanButton />
      <Link to={authHref(location, 'login')} data-action="open-login">
        <LogIn size={20} aria-hidden="true" />
        Sign In
      </Link>
    </nav>
  );
}
