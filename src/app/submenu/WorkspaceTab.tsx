import { NameChip } from '../../ui/NameChip.js';
import { useState } from 'react';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import Building2 from 'lucide-react/icons/building-2';
import Car from 'lucide-react/icons/car';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import QrCode from 'lucide-react/icons/qr-code';
import Users from 'lucide-react/icons/users';
import Wrench from 'lucide-react/icons/wrench';
import CircleUser from 'lucide-react/icons/circle-user';
import { useSessionSnapshot } from '../../rpc/session.js';
import { Button } from '../../ui/Button.js';
import { randomTagHash } from '../../data/tags.js';
import { navigate } from '../../ui/navigation.js';
import { companyPath, adminPath, registerPath } from '../routes.js';
import { MenuLinks } from './MenuList.js';
import { resolveWorkspace } from './workspace.js';
import { WorkspaceDialog } from './WorkspaceDialog.js';

/**
 * The Workspace tab: the current workspace and the button that changes it. Personal shows the user's name and
 * email (admins also get Register); a company shows its name and, for every employee, the way into its area — the
 * company, its customers, its requests and its services (admins instead get Register, Services, Vehicle Finder and
 * all customers, and reach the company's area from Services).
 */
/**
 * The admin Register shortcut asks the server for a fresh tag hash (getRandom, MEDIUM) and opens its claim
 * page. Without an answer (offline) it opens /register, where a code can be typed.
 */
function openNewTag(): void {
  randomTagHash().then(
    (hash) => navigate(registerPath(hash)),
    () => navigate(registerPath()),
  );
}

const REGISTER_ITEM = { path: registerPath(), label: 'Register', icon: QrCode, open: openNewTag };

export function WorkspaceTab({ onNavigate }: { onNavigate: () => void }) {
  const { session } = useSessionSnapshot();
  const [choosing, setChoosing] = useState(false);
  if (session === null) return null;
  const { user } = session;
  const workspace = resolveWorkspace(session.workspace, user);
  return (
    <div className="submenu-section" data-workspace={workspace.kind}>
      <div className="workspace-current">
        {workspace.kind === 'company' ? (
          <Building2 className="workspace-current__icon" size={28} aria-hidden="true" />
        ) : (
          <CircleUser className="workspace-current__icon" size={28} aria-hidden="true" />
        )}
        <div className="workspace-current__text">
          {workspace.kind === 'personal' && (
            <>
              <span className="workspace-current__name" data-field="workspace-name">
                {user.displayName ? <NameChip name={user.displayName} /> : 'Personal'}
              </span>
              <span className="ui-muted" data-field="workspace-email">
                {user.email}
              </span>
            </>
          )}
          {workspace.kind === 'company' && (
            <>
              <span className="workspace-current__name" data-field="workspace-name">
                {workspace.name}
              </span>
              <span className="ui-muted">Company workspace</span>
            </>
          )}
          {workspace.kind === 'unselected' && (
            <>
              <span className="workspace-current__name">No workspace selected</span>
              <span className="ui-muted">Choose where you work: personal or one of your companies.</span>
            </>
          )}
        </div>
      </div>
      <Button variant="secondary" icon={ArrowLeftRight} data-action="change-workspace" onClick={() => setChoosing(true)}>
        Change workspace
      </Button>
      {user.isAdmin && workspace.kind === 'personal' && (
        <MenuLinks label="Personal workspace" onNavigate={onNavigate} items={[REGISTER_ITEM]} />
      )}
      {!user.isAdmin && workspace.kind === 'company' && (
        <MenuLinks
          label="Company workspace"
          onNavigate={onNavigate}
          items={[
            { path: companyPath(), label: 'Company', icon: Building2 },
            { path: companyPath('customers'), label: 'Customers', icon: Users },
            { path: companyPath('requests'), label: 'Requests', icon: ClipboardList },
            { path: companyPath('services'), label: 'Services', icon: Wrench },
          ]}
        />
      )}
      {user.isAdmin && workspace.kind === 'company' && (
        <MenuLinks
          label="Company workspace"
          onNavigate={onNavigate}
          items={[
            REGISTER_ITEM,
            { path: companyPath('services'), label: 'Services', icon: Wrench },
            { path: adminPath('vehicles'), label: 'Vehicle Finder', icon: Car },
            { path: adminPath('customers'), label: 'Customers', icon: Users },
          ]}
        />
      )}
      {choosing && <WorkspaceDialog current={session.workspace} user={user} onClose={() => setChoosing(false)} />}
    </div>
  );
}
