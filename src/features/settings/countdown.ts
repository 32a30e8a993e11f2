/** The whole seconds left of a countdown of `totalMs` started at `startedAt`, as shown to the user (3, 2, 1, 0). */
export function secondsLeft(totalMs: number, startedAt: number, now: number): number {
  return Math.max(0, Math.ceil((totalMs - (now - startedAt)) / 1000));
}
