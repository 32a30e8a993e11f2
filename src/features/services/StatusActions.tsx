import { useState } from 'react';
import { nextStatuses, REQUEST_STATUS, type RequestStatus } from '../../domain/serviceStatus.js';
import { Button } from '../../ui/Button.js';
import type { ButtonVariant } from '../../ui/buttonClass.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { changeStatus } from './writes.js';
import { CompleteDialog } from './CompleteDialog.js';

const { REQUESTED, SCHEDULED, STARTED, COMPLETED, CANCELLED } = REQUEST_STATUS;

/** The button for a move, worded from where the request is now. */
function moveLabel(from: RequestStatus, to: RequestStatus): string {
  switch (to) {
    case REQUESTED:
      return from === CANCELLED ? 'Reopen' : 'Unschedule';
    case SCHEDULED:
      return from === STARTED ? 'Put on hold' : 'Mark scheduled';
    case STARTED:
      return from === COMPLETED ? 'Reopen' : 'Mark started';
    case COMPLETED:
      return 'Complete';
    case CANCELLED:
      return 'Cancel request';
  }
}

const VARIANTS: Partial<Record<RequestStatus, ButtonVariant>> = { [COMPLETED]: 'primary', [CANCELLED]: 'danger' };

/** The moves the lifecycle allows from here (src/domain/serviceStatus.ts), as buttons. */
export function StatusActions({
  userId,
  request,
  status,
  myClockRuns,
  othersRunning,
}: {
  userId: string;
  request: { id: string; has_started: number | null; vehicle_id: string | null; description: string | null };
  status: RequestStatus;
  myClockRuns: boolean;
  othersRunning: string[];
}) {
  const [busy, setBusy] = useState<RequestStatus | null>(null);
  const [completing, setCompleting] = useState(false);
  async function move(to: RequestStatus) {
    setBusy(to);
    try {
      await changeStatus(userId, request, to, myClockRuns);
      showSnackbar({ severity: 'success', message: `Request ${moveLabel(status, to) === 'Reopen' ? 'reopened' : 'updated'}.` });
    } finally {
      setBusy(null);
    }
  }
  const closing = nextStatuses(status).some((to) => to === COMPLETED || to === CANCELLED);
  return (
    <div className="request-status-actions">
      <div className="ui-button-row">
        {nextStatuses(status).map((to) => (
          <Button
            key={to}
            variant={VARIANTS[to] ?? 'secondary'}
            busy={busy === to}
            disabled={busy !== null && busy !== to}
            // Completing asks for the odometer as the work leaves the vehicle.
            onClick={() => (to === COMPLETED ? setCompleting(true) : void move(to))}
            data-move-to={to}
          >
            {moveLabel(status, to)}
          </Button>
        ))}
      </div>
      {completing && <CompleteDialog userId={userId} request={request} onComplete={() => move(COMPLETED)} onClose={() => setCompleting(false)} />}
      {closing && myClockRuns && <p className="ui-muted">Completing or cancelling stops your clock too.</p>}
      {closing && othersRunning.length > 0 && (
        <p className="ui-muted">
          Still on the clock: {othersRunning.join(', ')}. Their clocks keep running until they (or an administrator) stop them.
        </p>
      )}
    </div>
  );
}
