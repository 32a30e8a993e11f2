import { useState } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import Play from 'lucide-react/icons/play';
import Square from 'lucide-react/icons/square';
import { counted } from '../../domain/counting.js';
import { isOpen, type RequestStatus } from '../../domain/serviceStatus.js';
import { clockOf, countedMs, totalAt, userTotalAt, type RequestClock, type UserClock } from '../../domain/worktime.js';
import { personLabel } from '../../entities/person/label.js';
import { formatClockReading } from '../../entities/worktime/format.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { UnsentMark } from '../../ui/UnsentMark.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { mayClock, mayStopOthers, type Viewer } from './access.js';
import { ClockBadge } from './ClockBadge.js';
import { formatDateTime } from './format.js';
import { StopWorkDialog } from './StopWorkDialog.js';
import type { RequestLabel } from './useClocks.js';
import { WorkOverlaps } from './WorkOverlaps.js';
import { startWork } from './writes.js';

interface Props {
  request: { id: string; company_id: string | null; has_started: number | null; created_at: string | null };
  status: RequestStatus;
  clock: RequestClock;
  names: Map<string, string | null>;
  /** The requests the work rows name, for overlaps with time on another one. */
  labels: Map<string, RequestLabel>;
  viewer: Viewer | null;
  now: number;
}

/**
 * The request's work time: the labour total ticking N times as fast with N people on the clock, the
 * viewer's own Start/Stop, who is working now (admins can stop their clocks), and the log of every stretch.
 */
export function WorkClockCard({ request, status, clock, names, labels, viewer, now }: Props) {
  const [stopping, setStopping] = useState<UserClock | null>(null);
  const [starting, setStarting] = useState(false);
  const mine = viewer ? clockOf(clock, viewer.userId) : null;
  const canClock = viewer !== null && mayClock(viewer, request);
  const nameOf = (userId: string) => (userId === viewer?.userId ? 'You' : personLabel(names.get(userId)));

  async function start() {
    if (viewer === null) return;
    setStarting(true);
    try {
      const stopped = await startWork(viewer.userId, { id: request.id, status, has_started: request.has_started });
      showSnackbar(startedMessage(stopped.map((clock) => clock.description)));
    } finally {
      setStarting(false);
    }
  }

  return (
    <Card aria-labelledby="work-time-title" data-work-clock={request.id}>
      <div className="services-head">
        <h2 id="work-time-title">Work time</h2>
        <ClockBadge totalMs={totalAt(clock, now)} active={clock.counting.length} />
      </div>
      {canClock && (
        <div className="work-clock__mine">
          <p>
            Your time: <strong data-my-time="">{formatClockReading(mine ? userTotalAt(mine, now) : 0)}</strong>
          </p>
          {mine?.running ? (
            <Button variant="danger" icon={Square} onClick={() => setStopping(mine)} data-action="stop-work">
              Stop work
            </Button>
          ) : isOpen(status) ? (
            <Button icon={Play} busy={starting} onClick={() => void start()} data-action="start-work">
              Start work
            </Button>
          ) : (
            <p className="ui-muted">Reopen the request to log more time.</p>
          )}
        </div>
      )}
      {clock.active.length > 0 && (
        <section aria-labelledby="work-active-title" className="work-clock__section">
          <h3 id="work-active-title">Working now</h3>
          <ul className="work-clock__people">
            {clock.active.map((user) => (
              <li key={user.userId} data-active-user={user.userId}>
                <span className="work-clock__person">
                  <strong>{nameOf(user.userId)}</strong>
                  <span className="ui-muted"> since {formatDateTime(user.running!.start)}</span>
                </span>
                <span className="work-clock__time">{formatClockReading(userTotalAt(user, now))}</span>
                {viewer !== null && user.userId !== viewer.userId && mayStopOthers(viewer) && (
                  <Button variant="secondary" icon={Square} onClick={() => setStopping(user)} data-action="stop-other-work">
                    Stop
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <WorkOverlaps clock={clock} labels={labels} nameOf={nameOf} viewerId={viewer?.userId ?? null} />
      {clock.users.length > 0 ? (
        <details className="work-clock__log">
          <summary>
            <span>Time log</span>
            <span className="ui-muted">{counted(clock.users.reduce((n, user) => n + user.intervals.length, 0), 'stretch', 'stretches')}</span>
            <ChevronDown className="work-clock__log-chevron" size={20} aria-hidden="true" />
          </summary>
          {clock.users.map((user) => (
            <section key={user.userId} className="work-clock__log-person" aria-label={`Time of ${nameOf(user.userId)}`}>
              <p className="work-clock__log-head">
                <strong>{nameOf(user.userId)}</strong>
                <span className="work-clock__time">{formatClockReading(userTotalAt(user, now))}</span>
              </p>
              <ol className="work-clock__stretches">
                {user.intervals.map((interval) => (
                  <li key={interval.startId} className="work-clock__stretch">
                    <span>
                      {formatDateTime(interval.start)} – {interval.stop === null ? 'running' : formatDateTime(interval.stop)}
                      <UnsentMark table="worktime" id={interval.stopId ?? interval.startId} />
                    </span>
                    <span className="work-clock__time ui-muted">{formatClockReading(countedMs(interval, now))}</span>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </details>
      ) : (
        <p className="ui-muted">No time logged yet.</p>
      )}
      {stopping !== null && stopping.running !== null && (
        <StopWorkDialog
          requestId={request.id}
          requestOpenedAt={request.created_at === null ? null : Date.parse(request.created_at)}
          clock={stopping}
          personName={nameOf(stopping.userId)}
          mine={stopping.userId === viewer?.userId}
          onClose={() => setStopping(null)}
        />
      )}
    </Card>
  );
}

/**
 * What starting says: one person runs one clock, so starting here stopped the clock they had running elsewhere
 * (named by its description, when the device holds it).
 */
function startedMessage(stopped: Array<string | null>): { severity: 'success' | 'info'; message: string } {
  if (stopped.length === 0) return { severity: 'success', message: 'Clock started.' };
  const names = stopped.map((d) => (d ? `“${d}”` : 'another request'));
  return { severity: 'info', message: `Clock started here; your clock on ${names.join(' and ')} was stopped.` };
}
