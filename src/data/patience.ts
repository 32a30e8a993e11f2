/**
 * An answer awaited for at most `ms`: past that, `fallback` stands in for it, so a page does not hang on a network
 * that stays connected yet answers nothing (lie-fi). An answer that comes later still counts: it goes to `late`.
 * A failure after the fallback has gone to `lateFailure`, not to the caller, who has moved on.
 */
export function withPatience<T>(
  answer: Promise<T>,
  ms: number,
  fallback: T,
  late: (value: T) => void,
  lateFailure: (error: unknown) => void = () => undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let waiting = true;
    const timer = setTimeout(() => {
      waiting = false;
      resolve(fallback);
    }, ms);
    answer.then(
      (value) => {
        if (!waiting) return late(value);
        waiting = false;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (!waiting) return lateFailure(error);
        waiting = false;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
