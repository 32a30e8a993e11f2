import { lazy, Suspense, useSyncExternalStore } from 'react';
import { closeSettingsDialog, isSettingsDialogOpen, subscribeSettingsDialog } from './settingsDialogState.js';

// Its own chunk: only admins ever open it, so it stays off the first render.
const SettingsDialog = lazy(() => import('../../features/settings/SettingsDialog.js').then((m) => ({ default: m.SettingsDialog })));

export function SettingsDialogHost() {
  const open = useSyncExternalStore(subscribeSettingsDialog, isSettingsDialogOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDialog onClose={closeSettingsDialog} />
    </Suspense>
  );
}
