import { lazy, Suspense } from 'react';
import { useSessionSnapshot } from '../../rpc/session.js';
import { useSubmenu } from './submenuState.js';

// The panel and its tabs load on first open; the bar's buttons are all the first render needs.
const SubmenuPanel = lazy(() => import('./SubmenuPanel.js').then((m) => ({ default: m.SubmenuPanel })));

/** Shows the submenu panel on the open tab, for signed-in users only (signing out closes it). */
export function SubmenuHost() {
  const tab = useSubmenu();
  const { session } = useSessionSnapshot();
  if (tab === null || session === null) return null;
  return (
    <Suspense fallback={null}>
      <SubmenuPanel tab={tab} />
    </Suspense>
  );
}
