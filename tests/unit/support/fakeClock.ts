/** A hand-driven clock with setTimeout/clearTimeout, for timing rules that take their clock as an argument. */
export function fakeClock(start = 0) {
  let now = start;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number): unknown => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (handle: unknown) => void timers.delete(handle as number),
    pending: () => timers.size,
    /** Moves time to `t`, running every timer due on the way in order. */
    advanceTo(t: number) {
      for (;;) {
        const due = [...timers.entries()].filter(([, x]) => x.at <= t).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = t;
    },
    advanceBy(ms: number) {
      this.advanceTo(now + ms);
    },
  };
}
