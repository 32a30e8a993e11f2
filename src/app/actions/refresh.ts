import type { SnackbarMessage } from '../../ui/snackbar/queue.js';

/** Refresh: the warning shows for 2000 ms before the page reloads. */
export const REFRESH_DELAY_MS = 2000;
export const REFRESH_MESSAGE: SnackbarMessage = { severity: 'warning', message: 'Refresh...' };

/** Warns, then reloads after REFRESH_DELAY_MS; returns a cancel for the pending reload. */
export function refreshSoon(
  show: (message: SnackbarMessage) => void,
  reload: () => void,
  setTimer: (callback: () => void, ms: number) => () => void,
): () => void {
  show(REFRESH_MESSAGE);
  return setTimer(reload, REFRESH_DELAY_MS);
}
