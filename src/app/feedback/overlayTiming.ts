// When the "taking too long" overlay appears, as pure functions: once any loading state (a page chunk, the local
// database opening, a first query) has lasted 5000 ms. Only the oldest one matters; a person who chose to keep
// waiting is not asked again about the same loading states.

/** How long something loads before the overlay warns. */
export const LOADING_OVERLAY_MS = 5000;

/** When the overlay is due for loading states that started at `startedAt` (null: nothing is loading). */
export function overlayDueAt(startedAt: readonly number[]): number | null {
  return startedAt.length === 0 ? null : Math.min(...startedAt) + LOADING_OVERLAY_MS;
}

/**
 * Whether the overlay shows at `now`. `dismissedAt` is when the person chose to keep waiting (null if never): only
 * loading states that started after that can bring it back.
 */
export function isOverlayShown(startedAt: readonly number[], now: number, dismissedAt: number | null): boolean {
  const relevant = dismissedAt === null ? startedAt : startedAt.filter((t) => t > dismissedAt);
  const due = overlayDueAt(relevant);
  return due !== null && now >= due;
}
