import { useId, useState, type FormEvent } from 'react';
import Square from 'lucide-react/icons/square';
import { correctionError, stopTimeFor, type CorrectionError, type UserClock } from '../../domain/worktime.js';
import { formatClockReading } from '../../entities/worktime/format.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { Field } from '../../ui/Field.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { fromLocalInput, toLocalInput } from './format.js';
import { stopWork } from './writes.js';
import { Alert } from '../../ui/Alert.js';
import { DateTimeField } from '../../ui/DateTimeField.js';

const MESSAGES: Record<CorrectionError, { field: 'start' | 'stop'; text: string }> = {
  'stop-before-start': { field: 'stop', text: 'The stop is before the start' },
  'stop-in-future': { field: 'stop', text: 'The stop cannot be in the future' },
  'start-before-previous': { field: 'start', text: 'The start overlaps the previous time on this request' },
  'start-before-request': { field: 'start', text: 'The start is before the request was opened' },
};

/**
 * Stopping a running clock. The person stopping sees when it started and stops now, and may correct either time
 * first (a clock left running over lunch, say). A time left untouched keeps its exact value, seconds included.
 */
export function StopWorkDialog({
  requestId,
  requestOpenedAt,
  clock,
  personName,
  mine,
  onClose,
}: {
  requestId: string;
  /** When the request was opened: no work on it starts earlier. */
  requestOpenedAt: number | null;
  clock: UserClock;
  personName: string;
  mine: boolean;
  onClose: () => void;
}) {
  const running = clock.running!;
  const formId = useId();
  const startId = useId();
  const stopId = useId();
  const [openedAt] = useState(() => Date.now());
  const initialStart = toLocalInput(running.start);
  const initialStop = toLocalInput(stopTimeFor(running, openedAt));
  const [start, setStart] = useState(initialStart);
  const [stop, setStop] = useState(initialStop);
  const [error, setError] = useState<{ field: 'start' | 'stop' | 'form'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const now = Date.now();
    const startMs = start === initialStart ? running.start : fromLocalInput(start);
    const stopMs = stop === initialStop ? stopTimeFor(running, now) : fromLocalInput(stop);
    if (startMs === null) return setError({ field: 'start', text: 'Give the start time' });
    if (stopMs === null) return setError({ field: 'stop', text: 'Give the stop time' });
    const problem = correctionError(clock, startMs, stopMs, now, requestOpenedAt);
    if (problem !== null) return setError(MESSAGES[problem]);
    setBusy(true);
    try {
      await stopWork({ requestId, clockUserId: clock.userId, startRecordId: running.startId, recordedStart: running.start, start: startMs, stop: stopMs });
      showSnackbar({ severity: 'success', message: `Clock stopped at ${formatClockReading(stopMs - startMs)} for this stretch.` });
      onClose();
    } catch (err) {
      setError({ field: 'form', text: err instanceof Error ? err.message : String(err) });
      setBusy(false);
    }
  }

  const errorsFor = (field: 'start' | 'stop') => (error?.field === field ? [error.text] : []);
  return (
    <Dialog
      title={mine ? 'Stop work' : `Stop ${personName}'s clock`}
      name="stop-work"
      onClose={onClose}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} icon={Square} busy={busy} data-action="confirm-stop-work">
            Stop clock
          </Button>
        </>
      }
    >
      <form id={formId} className="stop-work" onSubmit={(e) => void submit(e)} data-form="stop-work" noValidate>
        <p className="ui-muted">Correct the times if the clock ran longer or shorter than the work did.</p>
        <DateTimeField
          id={startId}
          name="work-start"
          label="Started"
          errors={errorsFor('start')}
          value={start}
          onChange={(value) => (setStart(value), setError(null))}
        />
        <DateTimeField
          id={stopId}
          name="work-stop"
          label="Stopped"
          errors={errorsFor('stop')}
          value={stop}
          onChange={(value) => (setStop(value), setError(null))}
        />
        {error?.field === 'form' && (
          <Alert tone="error">
            {error.text}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}
