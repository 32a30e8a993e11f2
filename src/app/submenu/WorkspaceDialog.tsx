import { useState } from 'react';
import Building2 from 'lucide-react/icons/building-2';
import Check from 'lucide-react/icons/check';
import CircleUser from 'lucide-react/icons/circle-user';
import { setWorkspaceChoice } from '../../rpc/session.js';
import type { CurrentUser } from '../../rpc/user.js';
import { Dialog } from '../../ui/Dialog.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { isAllowedWorkspace, PERSONAL_WORKSPACE, workspaceChoices } from './workspace.js';

/** The workspace selection dialog — personal, or a company the user currently works for. */
export function WorkspaceDialog({
  current,
  user,
  onClose,
}: {
  current: string | undefined;
  user: CurrentUser;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const choose = async (value: string) => {
    if (saving || !isAllowedWorkspace(value, user)) return;
    setSaving(true);
    try {
      await setWorkspaceChoice(value);
      onClose();
    } catch {
      showSnackbar({ severity: 'error', message: 'Could not change the workspace. Please try again.' });
      setSaving(false);
    }
  };
  return (
    <Dialog title="Choose a workspace" name="workspace" onClose={onClose}>
      <ul className="ui-list" aria-label="Workspaces">
        {workspaceChoices(user).map((choice) => {
          const selected = choice.value === current;
          return (
            <li key={choice.value}>
              <ListItem
                aria-pressed={selected}
                data-workspace-choice={choice.value}
                disabled={saving}
                onClick={() => void choose(choice.value)}
                icon={choice.value === PERSONAL_WORKSPACE ? CircleUser : Building2}
                title={choice.label}
                endIcon={selected ? Check : undefined}
              >
                {choice.value === PERSONAL_WORKSPACE && <ListItemDetail>{user.email}</ListItemDetail>}
              </ListItem>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
