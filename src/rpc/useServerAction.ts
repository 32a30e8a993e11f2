import { useState } from 'react';
import { serverMessage } from './interceptors.js';

/**
 * A server write started from a page: busy while it runs, the server's words when it is refused. `run` resolves to
 * whether it succeeded, so a form can clear itself only then; `onDone` refreshes what the page shows.
 */
export function useServerAction(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      onDone();
      return true;
    } catch (error) {
      setProblem(serverMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}
