import { useEffect, useState } from 'react';
import Link2Off from 'lucide-react/icons/link-2-off';
import Wrench from 'lucide-react/icons/wrench';
import WifiOff from 'lucide-react/icons/wifi-off';
import { usePageTitle } from '../../app/pageTitle.js';
import { isRequestStatus, REQUEST_STATUS } from '../../domain/serviceStatus.js';
import { StatusChip } from '../../entities/serviceRequest/StatusChip.js';
import { formatWorkTotal } from '../../entities/worktime/format.js';
import { useServerAnswer } from '../../rpc/useServerAnswer.js';
import { Card } from '../../ui/Card.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { formatDateTime, formatSchedule } from './format.js';
import { getRequestStatus } from './statusLinks.js';
import './services.css';

/** How often an open page asks again, so it follows the shop's changes (and when it comes back into view). */
const REFRESH_MS = 60_000;

/**
 * /status/{token}: a service request as its customer follows it, signed in or not — the shop, the vehicle's name,
 * what was asked for, its status and schedule, the photos the shop picked, and the work time if the shop shows it.
 * Nothing else of the shop's or the owner's. Live: asked again every minute and whenever the page comes back into
 * view.
 */
export function RequestStatusPage({ token }: { token: string }) {
  usePageTitle('Service status', { icon: Wrench });
  const [round, setRound] = useState(0);
  const shown = useServerAnswer(getRequestStatus, token, round);
  useEffect(() => {
    const again = () => document.visibilityState === 'visible' && setRound((n) => n + 1);
    const timer = setInterval(again, REFRESH_MS);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', again);
    };
  }, []);

  if (shown.kind === 'loading') return <Loading label="Opening the status…" />;
  if (shown.kind !== 'ready') {
    const says = {
      unknown: { icon: Link2Off, title: 'This link does not work', text: 'The shop revoked it, or it ended some time after the work was done. Ask the shop for a new one.' },
      offline: { icon: WifiOff, title: "You're offline", text: 'The status opens once you are back online.' },
      failed: { icon: Wrench, title: "Couldn't open the status", text: 'Something went wrong on our side. Try again in a moment.' },
    }[shown.kind];
    return (
      <section className="page" data-page="request-status" data-status-state={shown.kind}>
        <EmptyState icon={says.icon} title={says.title} headingLevel={1}>
          <p>{says.text}</p>
        </EmptyState>
      </section>
    );
  }
  const s = shown.value;
  const status = isRequestStatus(s.status) ? s.status : REQUEST_STATUS.REQUESTED;
  const schedule = formatSchedule(s.scheduleStart || null, s.scheduleEnd || null);
  return (
    <section className="page" data-page="request-status" data-status-state="ready">
      <Card aria-labelledby="request-status-title" data-status={status}>
        <p className="request-status-page__shop">{s.companyName}</p>
        <h1 id="request-status-title" className="request-status-page__title">
          {s.vehicleName}
        </h1>
        <div className="services-head">
          <StatusChip status={status} />
        </div>
        <p className="request-description">{s.description || 'No description'}</p>
        <dl className="ui-details">
          <dt>Schedule</dt>
          <dd>{schedule || 'Not scheduled yet'}</dd>
          <dt>Requested</dt>
          <dd>{formatDateTime(s.requestedAt)}</dd>
          {s.completedAt && (
            <>
              <dt>Completed</dt>
              <dd>{formatDateTime(s.completedAt)}</dd>
            </>
          )}
          {s.workMs !== undefined && (
            <>
              <dt>Work time</dt>
              <dd data-field="work-time">{formatWorkTotal(Number(s.workMs))}</dd>
            </>
          )}
        </dl>
        {s.photos.length > 0 && (
          <ul className="request-status-page__photos">
            {s.photos.map((p) => (
              <li key={p.id}>
                <img src={p.url} alt="" />
              </li>
            ))}
          </ul>
        )}
        <p className="ui-muted request-status-page__note">
          This page follows the work as the shop records it.
          {s.expiresAt > 0n ? ` The link works until ${formatDateTime(Number(s.expiresAt))}.` : ''}
        </p>
      </Card>
    </section>
  );
}
