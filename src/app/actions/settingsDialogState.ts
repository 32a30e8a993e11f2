// Whether the admin settings dialog is open: the Actions tab opens it, the host in the shell renders it.
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  open = next;
  for (const listener of [...listeners]) listener();
}

export const openSettingsDialog = () => set(true);
export const closeSettingsDialog = () => set(false);
export const isSettingsDialogOpen = () => open;
export function subscribeSettingsDialog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
