import { useMemo } from 'react';
import { resolveWorkspace } from '../../app/submenu/workspace.js';
import { useSessionSnapshot } from '../../rpc/session.js';
import type { Viewer } from './access.js';

/** The signed-in person as the services pages weigh them, or null when signed out. */
export function useViewer(): Viewer | null {
  const { session } = useSessionSnapshot();
  return useMemo(() => {
    if (session === null) return null;
    const workspace = resolveWorkspace(session.workspace, session.user);
    return {
      userId: session.user.id,
      isAdmin: session.user.isAdmin,
      companyIds: new Set(session.user.companyEmployees.map((link) => link.companyId)),
      workspaceCompanyId: workspace.kind === 'company' ? workspace.companyId : null,
    };
  }, [session]);
}
