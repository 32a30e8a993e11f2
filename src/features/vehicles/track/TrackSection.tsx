import { UnsentMark } from '../../../ui/UnsentMark.js';
import { useMemo, useState } from 'react';
import Flag from 'lucide-react/icons/flag';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import Trophy from 'lucide-react/icons/trophy';
import { formatLapTime } from '../../../domain/lapTime.js';
import { TRACK_CONDITIONS } from '../../../domain/vehicleRecords.js';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { IconButton } from '../../../ui/IconButton.js';
import { Loading } from '../../../ui/Loading.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { canEdit } from '../access.js';
import { useTrackSessions } from '../data/records.js';
import { useDistanceUnit } from '../../../entities/maintenance/queries.js';
import type { TrackSessionData } from '../data/types.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { removeTrackSession } from '../data/writes.js';
import { formatCalendarDate, formatNumber } from '../format.js';
import { TrackSessionForm } from './TrackSessionForm.js';
import { trackStats } from './trackStats.js';
import './track.css';

const locale = () => navigator.language;

/**
 * Track Support: the track days of an owner who takes the car to the circuit — each session's day, circuit, laps,
 * best lap, conditions, cold tire pressures, tires and notes — with the personal best at every circuit on top.
 */
export function TrackSection({ area, vehicleId }: { area: VehicleArea; vehicleId: string }) {
  const sessions = useTrackSessions(area, vehicleId);
  const [adding, setAdding] = useState(false);
  const { unit } = useDistanceUnit(area.userId);
  const stats = useMemo(() => trackStats(sessions.rows), [sessions.rows]);
  const editable = canEdit(area.access) && area.userId !== null;
  if (sessions.status === 'loading') return <Loading />;
  return (
    <>
      {stats.sessions > 0 && (
        <Card aria-labelledby="track-bests-title" data-track-bests="">
          <h2 id="track-bests-title">Personal bests</h2>
          <p className="ui-muted">
            {stats.sessions} {stats.sessions === 1 ? 'session' : 'sessions'}, {stats.laps} laps
          </p>
          <ul className="track-bests">
            {stats.bests.map((b) => (
              <li key={b.circuit} className="track-best" data-circuit={b.circuit}>
                <Trophy size={20} aria-hidden="true" className="track-best__icon" />
                <span className="track-best__circuit">{b.circuit}</span>
                <span className="track-best__time">{b.bestLapMs > 0 ? formatLapTime(b.bestLapMs, locale()) : '—'}</span>
                <span className="track-best__when ui-muted">{b.heldOn ? formatCalendarDate(b.heldOn) : `${b.sessions} sessions`}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card aria-labelledby="track-sessions-title">
        <div className="vehicle-section-head">
          <h2 id="track-sessions-title">Track sessions</h2>
          {editable && !adding && (
            <Button icon={Plus} onClick={() => setAdding(true)} data-action="add-track-session">
              Add session
            </Button>
          )}
        </div>
        {adding && area.userId !== null && (
          <TrackSessionForm
            vehicleId={vehicleId}
            userId={area.userId}
            circuits={stats.bests.map((b) => b.circuit)}
            unit={unit}
            onDone={() => setAdding(false)}
          />
        )}
        {sessions.rows.length === 0 && !adding ? (
          <EmptyState icon={Flag} title="No track days yet">
            <p>Record each session: the circuit, laps, your best lap, conditions and tire pressures. Your personal bests show up here.</p>
          </EmptyState>
        ) : (
          <ul className="track-sessions">
            {sessions.rows.map((s) => (
              <TrackSessionItem key={s.id} session={s} editable={editable} />
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function TrackSessionItem({ session, editable }: { session: TrackSessionData; editable: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const condition = TRACK_CONDITIONS.find((c) => c.value === session.conditions)?.label;
  const pressures = [session.tire_pressure_front, session.tire_pressure_rear];
  const facts: Array<[string, string]> = [];
  if (session.laps) facts.push(['Laps', String(session.laps)]);
  if (session.best_lap_ms) facts.push(['Best lap', formatLapTime(session.best_lap_ms, locale())]);
  if (condition) facts.push(['Conditions', condition]);
  if (pressures.some((p) => p !== null)) facts.push(['Pressures (F/R)', pressures.map((p) => (p === null ? '—' : formatNumber(p))).join(' / ')]);
  if (session.tires) facts.push(['Tires', session.tires]);
  return (
    <li className="track-session" data-track-session={session.id}>
      <div className="track-session__head">
        <div>
          <h3 className="track-session__circuit">{session.circuit}</h3>
          <time className="ui-muted" dateTime={session.held_on ?? undefined}>
            {formatCalendarDate(session.held_on)}
          </time>
          <UnsentMark table="track_sessions" id={session.id} />
        </div>
        {editable && <IconButton icon={Trash2} label={`Remove the session at ${session.circuit ?? 'the circuit'}`} iconSize={20} onClick={() => setConfirming(true)} />}
      </div>
      {facts.length > 0 && (
        <dl className="track-session__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {session.notes && <p className="track-session__notes">{session.notes}</p>}
      {confirming && (
        <ConfirmDialog
          title="Remove this session?"
          name="remove-track-session"
          confirmLabel="Remove"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            removeTrackSession(session).then(
              () => showSnackbar({ severity: 'success', message: 'Session removed.' }),
              (error: unknown) => {
                console.error('Could not remove the session', error);
                showSnackbar({ severity: 'error', message: 'The session could not be removed. Try again.' });
              },
            );
          }}
        >
          <p>
            The session at {session.circuit} on {formatCalendarDate(session.held_on)} disappears from this vehicle's track days.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
