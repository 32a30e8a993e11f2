// The snackbar's rule as pure functions of (state, now): one message at a time, the others queued in order, each
// shown for SNACKBAR_DURATION_MS. No timers here, so the rule is tested on a made-up clock.

/** A snackbar hides after 4000 ms. */
export const SNACKBAR_DURATION_MS = 4000;

export type SnackbarSeverity = 'success' | 'error' | 'warning' | 'info';

export interface SnackbarMessage {
  severity: SnackbarSeverity;
  message: string;
}

export interface QueuedSnackbar extends SnackbarMessage {
  id: number;
}

export interface SnackbarState {
  current: (QueuedSnackbar & { shownAt: number }) | null;
  waiting: readonly QueuedSnackbar[];
}

export const EMPTY_SNACKBARS: SnackbarState = { current: null, waiting: [] };

/** Shows `item` at once when nothing is showing, otherwise queues it behind the others. */
export function enqueue(state: SnackbarState, item: QueuedSnackbar, now: number): SnackbarState {
  if (state.current === null) return { current: { ...item, shownAt: now }, waiting: state.waiting };
  return { current: state.current, waiting: [...state.waiting, item] };
}

/** Hides the current message (its time is up or the person closed it) and shows the next one, if any, from `now`. */
export function dismiss(state: SnackbarState, now: number): SnackbarState {
  const [next, ...rest] = state.waiting;
  return { current: next ? { ...next, shownAt: now } : null, waiting: rest };
}

/** When the current message's time is up; null when nothing is showing. */
export function hideAt(state: SnackbarState): number | null {
  return state.current === null ? null : state.current.shownAt + SNACKBAR_DURATION_MS;
}

/** The state at `now`: the current message is replaced once its time is up. */
export function advance(state: SnackbarState, now: number): SnackbarState {
  let next = state;
  for (let due = hideAt(next); due !== null && now >= due; due = hideAt(next)) next = dismiss(next, due);
  return next;
}
