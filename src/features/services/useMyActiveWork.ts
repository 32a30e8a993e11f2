import { useMemo } from 'react';
import { clockOf, type RequestClock } from '../../domain/worktime.js';
import { useMaybeActiveRequests, type WorkRequest } from '../../entities/serviceRequest/queries.js';
import { useMaybeActiveWork } from '../../entities/worktime/queries.js';
import { useClocks, useWorkerNames } from './useClocks.js';

export interface ActiveWork {
  request: WorkRequest;
  clock: RequestClock;
  /** When the user's running stretch began. */
  since: number;
}

/**
 * The requests on which the user's clock runs (their latest record there is a start), most recently
 * started first, with each request's clock and the names of whoever works on it.
 */
export function useMyActiveWork(userId: string): { active: ActiveWork[]; names: Map<string, string | null>; ready: boolean } {
  const requests = useMaybeActiveRequests(userId);
  const work = useMaybeActiveWork(userId);
  const clocks = useClocks(work.rows);
  const names = useWorkerNames(work.rows);
  const active = useMemo(() => {
    const list: ActiveWork[] = [];
    for (const request of requests.rows) {
      const clock = clocks.get(request.id);
      const mine = clock ? clockOf(clock, userId) : null;
      if (clock && mine?.running) list.push({ request, clock, since: mine.running.start });
    }
    return list.sort((a, b) => b.since - a.since);
  }, [requests.rows, clocks, userId]);
  return { active, names, ready: requests.status === 'ready' && work.status === 'ready' };
}
