import type { ReminderState } from '../../domain/reminders.js';
import { STATE_LABELS } from './format.js';
import '../statusPill.css';
import './maintenance.css';

/** A reminder's state as a coloured pill: the word carries the meaning, the colour helps scanning. */
export function ReminderStateChip({ state }: { state: ReminderState }) {
  return (
    <span className="status-pill reminder-state" data-state={state}>
      {STATE_LABELS[state]}
    </span>
  );
}
