// The notification bar's rules, pure: it shows one notification at a time — the first that is to be shown and has
// not been hidden — and only once that same notification has been the current one for 1 s, so a failure that
// clears itself at once never flashes on screen.

/** The bar appears after 1 s. */
export const NOTIFICATION_BAR_DELAY_MS = 1000;

export interface BarNotification {
  id: string;
  message: string;
  severity: 'error' | 'info';
  show: boolean;
  hide: boolean;
}

export function currentNotification<T extends BarNotification>(items: readonly T[]): T | null {
  return items.find((n) => n.show && !n.hide) ?? null;
}

/** Which notification is current and since when. */
export interface BarTiming {
  id: string | null;
  since: number;
}

export const NO_BAR: BarTiming = { id: null, since: 0 };

/** The timing after looking at the current notification at `now`: the clock restarts whenever it changes. */
export function nextBarTiming(previous: BarTiming, currentId: string | null, now: number): BarTiming {
  return previous.id === currentId ? previous : { id: currentId, since: now };
}

/** When the bar appears (null: nothing to show). */
export function barShowsAt(timing: BarTiming): number | null {
  return timing.id === null ? null : timing.since + NOTIFICATION_BAR_DELAY_MS;
}

export function isBarVisible(timing: BarTiming, now: number): boolean {
  const at = barShowsAt(timing);
  return at !== null && now >= at;
}
