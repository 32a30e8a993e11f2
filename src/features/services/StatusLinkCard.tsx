import { useState } from 'react';
import Copy from 'lucide-react/icons/copy';
import Link2 from 'lucide-react/icons/link-2';
import Link2Off from 'lucide-react/icons/link-2-off';
import Share2 from 'lucide-react/icons/share-2';
import { browserShareEnv, copyUrl, shareUrl } from '../../app/actions/shareUrl.js';
import { statusLinkPath } from '../../app/routes.js';
import { useOnline } from '../../data/online.js';
import { isImageType } from '../../domain/files.js';
import { STATUS_LINK_DAYS, STATUS_LINK_PHOTOS_MAX } from '../../domain/statusLink.js';
import { useServerAction } from '../../rpc/useServerAction.js';
import { Alert } from '../../ui/Alert.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { IconButton } from '../../ui/IconButton.js';
import { Select } from '../../ui/Select.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { useAttachments } from '../../uploads/queries.js';
import { formatDateTime } from './format.js';
import { revokeStatusLink, shareRequestStatus, useStatusLinks, type StatusLinkRow } from './statusLinks.js';

const linkUrl = (token: string) => new URL(statusLinkPath(token), location.origin).href;

/**
 * The customer's link (the request's company's staff and admins): a page showing the request's status, schedule and
 * the photos picked, live and without signing in; the work time only when ticked. Made online, copied, shared or
 * mailed to the vehicle's customer, and revoked here; it ends by itself some days after the request closes.
 */
export function StatusLinkCard({ requestId }: { requestId: string }) {
  const online = useOnline();
  const links = useStatusLinks(requestId);
  const files = useAttachments({ kind: 'service_request', id: requestId });
  const photos = files.items.filter((f) => isImageType(f.type) && f.upload === null);
  const [picked, setPicked] = useState<string[]>([]);
  const [showWorkTime, setShowWorkTime] = useState(false);
  const [days, setDays] = useState<number>(STATUS_LINK_DAYS[0]);
  const [revoking, setRevoking] = useState<StatusLinkRow | null>(null);
  const make = useServerAction(() => undefined);
  const revoke = useServerAction(() => setRevoking(null));

  const run = (emailCustomer: boolean) =>
    make.run(async () => {
      const { token, mailedTo } = await shareRequestStatus({ requestId, photoIds: picked, showWorkTime, daysAfterClose: days, emailCustomer });
      if (mailedTo) showSnackbar({ severity: 'success', message: `Link mailed to ${mailedTo}` });
      else {
        const copied = await copyUrl(linkUrl(token), browserShareEnv());
        showSnackbar(copied.severity === 'success' ? { severity: 'success', message: 'Link made and copied' } : { severity: 'info', message: 'Link made' });
      }
    });

  return (
    <Card aria-labelledby="status-link-title" data-card="status-link">
      <h2 id="status-link-title">Customer link</h2>
      <p className="ui-muted">
        The customer follows the work without calling: the vehicle, this request’s description, status, schedule and the photos you pick, as they change. Never your notes,
        other requests or the owner’s account.
      </p>
      {links.rows.length > 0 && (
        <ul className="ui-link-list" data-status-links="">
          {links.rows.map((l) => (
            <li key={l.id} className="ui-link-list__item" data-status-link={l.token ?? ''}>
              <span className="ui-link-list__text">
                <span className="ui-link-list__url">{linkUrl(l.token ?? '')}</span>
                <span className="ui-muted">
                  Made {formatDateTime(l.created_at)}
                  {l.show_work_time ? ' · shows work time' : ''} · ends {l.days_after_close} days after the request closes
                </span>
              </span>
              <span className="ui-link-list__actions">
                <IconButton icon={Copy} label="Copy link" onClick={() => void copyUrl(linkUrl(l.token ?? ''), browserShareEnv()).then(showSnackbar)} />
                <IconButton icon={Share2} label="Share link" onClick={() => void shareUrl(linkUrl(l.token ?? ''), 'Service status', browserShareEnv()).then((m) => m && showSnackbar(m))} />
                <IconButton icon={Link2Off} label="Revoke link" disabled={!online} onClick={() => setRevoking(l)} data-action="revoke-status-link" />
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="status-link-options">
        {photos.length > 0 && (
          <fieldset className="ui-choice-group" data-field="status-photos">
            <legend>Photos for the customer</legend>
            {photos.slice(0, STATUS_LINK_PHOTOS_MAX).map((p) => (
              <Checkbox
                key={p.id}
                label={p.filename}
                checked={picked.includes(p.id)}
                onChange={(on) => setPicked((now) => (on ? [...now, p.id] : now.filter((id) => id !== p.id)))}
              />
            ))}
          </fieldset>
        )}
        <Checkbox label="Show the work time" checked={showWorkTime} onChange={setShowWorkTime} name="show-work-time" />
        <Select
          id={`status-link-days-${requestId}`}
          name="days-after-close"
          label="Keep working after the request closes"
          value={String(days)}
          onChange={(v) => setDays(Number(v))}
          options={STATUS_LINK_DAYS.map((d) => ({ value: String(d), label: `${d} days` }))}
        />
      </div>
      {make.problem && <Alert tone="error">{make.problem}</Alert>}
      {!online && <Alert tone="info">You're offline: making or revoking a link needs the network. The links above still work.</Alert>}
      <div className="ui-button-row">
        <Button icon={Link2} onClick={() => void run(false)} busy={make.busy} disabled={!online} data-action="make-status-link">
          Make a link
        </Button>
        <Button variant="secondary" onClick={() => void run(true)} disabled={!online || make.busy} data-action="mail-status-link">
          Email it to the customer
        </Button>
      </div>
      {revoking !== null && (
        <ConfirmDialog
          title="Revoke this link?"
          name="confirm-revoke-status-link"
          confirmLabel="Revoke link"
          busy={revoke.busy}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke.run(() => revokeStatusLink(revoking.id))}
        >
          <p>The customer can no longer open it. Other links keep working.</p>
          {revoke.problem && <Alert tone="error">{revoke.problem}</Alert>}
        </ConfirmDialog>
      )}
    </Card>
  );
}
