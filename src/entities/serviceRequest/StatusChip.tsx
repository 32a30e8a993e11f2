import { STATUS_LABELS, type RequestStatus } from '../../domain/serviceStatus.js';
import '../statusPill.css';
import './statusChip.css';

/** A request's status as a coloured pill (the word carries the meaning; the colour only helps scanning a list). */
export function StatusChip({ status }: { status: RequestStatus }) {
  return (
    <span className="status-pill request-status" data-status={STATUS_LABELS[status].toLowerCase()}>
      {STATUS_LABELS[status]}
    </span>
  );
}
