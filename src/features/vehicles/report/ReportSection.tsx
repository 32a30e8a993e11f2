import { useMemo, useState } from 'react';
import Copy from 'lucide-react/icons/copy';
import Link2 from 'lucide-react/icons/link-2';
import Link2Off from 'lucide-react/icons/link-2-off';
import Printer from 'lucide-react/icons/printer';
import Share2 from 'lucide-react/icons/share-2';
import { browserShareEnv, copyUrl, shareUrl } from '../../../app/actions/shareUrl.js';
import { printSearch, printSettings } from '../../../app/print/printSettings.js';
import { useLocation } from '../../../app/router.js';
import { sharedReportPath } from '../../../app/routes.js';
import { useOnline } from '../../../data/online.js';
import { parsePhotoIds, REPORT_PHOTOS_MAX, type ReportPhoto } from '../../../domain/historyReport.js';
import { useServerAction } from '../../../rpc/useServerAction.js';
import { Alert } from '../../../ui/Alert.js';
import { Button } from '../../../ui/Button.js';
import { ButtonLink } from '../../../ui/ButtonLink.js';
import { Card } from '../../../ui/Card.js';
import { Checkbox } from '../../../ui/Checkbox.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { IconButton } from '../../../ui/IconButton.js';
import { Loading } from '../../../ui/Loading.js';
import { navigate } from '../../../ui/navigation.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { useFileImage } from '../../../uploads/fileImages.js';
import { useAttachments } from '../../../uploads/queries.js';
import { revokeReportShare, shareReport, useReportShares, type ShareRow } from '../data/handover.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { formatDateTime } from '../format.js';
import { useHoldsWholeVehicle } from '../data/localQueries.js';
import { HistoryReportView } from './HistoryReportView.js';
import { reportablePhotos, useHistoryReport } from './reportSource.js';

/** The photos picked, in the address (so the print preview, which is the same page, shows the same ones): all by default. */
const PHOTOS_PARAM = 'photos';

function pickedFrom(search: string, all: readonly ReportPhoto[]): string[] {
  const raw = new URLSearchParams(search).get(PHOTOS_PARAM);
  return raw === null ? all.slice(0, REPORT_PHOTOS_MAX).map((p) => p.id) : raw.split(',').filter((id) => id !== '');
}

const photoCount = (n: number) => (n === 0 ? 'no photos' : n === 1 ? '1 photo' : `${n} photos`);

const linkUrl = (token: string) => new URL(sharedReportPath(token), location.origin).href;

/**
 * History report (owner and admins): the vehicle's history as a buyer reads it, built on this device from its own
 * rows (offline too), with the photos the owner picks. Printed through the print preview (Letter or A4, or saved as
 * a PDF), or shared by a link a signed-out reader opens, which the owner can revoke.
 */
export function ReportSection({ area, vehicleId }: { area: VehicleArea; vehicleId: string }) {
  const { pathname, search } = useLocation();
  const printing = printSettings(search).enabled;
  const attachments = useAttachments({ kind: 'vehicle', id: vehicleId });
  const allPhotos = useMemo(() => reportablePhotos(attachments.items), [attachments.items]);
  const picked = useMemo(() => pickedFrom(search, allPhotos), [search, allPhotos]);
  const { loading, report } = useHistoryReport(area, vehicleId, picked);
  const localNames = useMemo(() => new Map(attachments.items.map((a) => [a.id, a.localName])), [attachments.items]);
  const [generatedAt] = useState(() => Date.now());
  const holdsWhole = useHoldsWholeVehicle(vehicleId);
  // A report is shared and printed: never built from a partial view, such as the public listing's copy a device held
  // before its owner signed in. An admin's device syncs a vehicle whole once it opened it.
  if (!holdsWhole) return <Loading label="Waiting for this vehicle's records…" />;
  if (loading || report === null) return <Loading />;

  const setPicked = (ids: string[]) => {
    const params = new URLSearchParams(search);
    params.set(PHOTOS_PARAM, ids.join(','));
    navigate(`${pathname}?${params}`, { replace: true });
  };

  const view = (
    <HistoryReportView
      report={report}
      generatedAt={generatedAt}
      // On paper the vehicle's card (the page's h1) stays off (report.css): the report's title heads the page.
      titleLevel={printing ? 1 : 2}
      photo={(p) => <ReportImage photo={p} localName={localNames.get(p.id) ?? null} />}
    />
  );
  if (printing) return view;
  return (
    <>
      <Card aria-labelledby="report-tools-title" data-card="report-tools" data-screen-only="">
        <h2 id="report-tools-title">Share the history</h2>
        <p className="ui-muted">
          What a buyer wants to see: the vehicle, its service history with work time, the odometer, track days and the photos you pick. Never you, the plate, your notes or your
          messages.
        </p>
        <div className="ui-button-row">
          <ButtonLink to={pathname + printSearch(search, 'portrait')} icon={Printer} variant="secondary" data-action="print-report">
            Print or save as PDF
          </ButtonLink>
        </div>
        {allPhotos.length > 0 && (
          <fieldset className="report-photo-picks" data-field="report-photos">
            <legend>Photos in the report</legend>
            {allPhotos.map((p, i) => (
              <div key={p.id} className="report-photo-pick">
                <ReportImage photo={p} localName={localNames.get(p.id) ?? null} />
                <Checkbox
                  label={`Photo ${i + 1}`}
                  name="report-photo"
                  value={p.id}
                  checked={picked.includes(p.id)}
                  disabled={!picked.includes(p.id) && picked.length >= REPORT_PHOTOS_MAX}
                  onChange={(on) => setPicked(on ? allPhotos.filter((x) => x.id === p.id || picked.includes(x.id)).map((x) => x.id) : picked.filter((id) => id !== p.id))}
                />
              </div>
            ))}
          </fieldset>
        )}
        <ReportLinks vehicleId={vehicleId} picked={picked} />
      </Card>
      <Card aria-label="History report">{view}</Card>
    </>
  );
}

function ReportImage({ photo, localName }: { photo: ReportPhoto; localName: string | null }) {
  const image = useFileImage(photo.hash, photo.type, localName);
  return image.url ? (
    <img className="history-report__photo" src={image.url} alt="" />
  ) : (
    <div className="history-report__photo" role="img" aria-label={image.status === 'loading' ? 'Loading photo' : 'Photo not on this device'} />
  );
}

/** The links that open the report without signing in: make one (online), copy or share it, revoke it. */
function ReportLinks({ vehicleId, picked }: { vehicleId: string; picked: readonly string[] }) {
  const online = useOnline();
  const shares = useReportShares(vehicleId);
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ShareRow | null>(null);
  const create = useServerAction(() => undefined);
  const revoke = useServerAction(() => setRevoking(null));

  async function make() {
    await create.run(async () => {
      const token = await shareReport(vehicleId, picked);
      setMade(token);
      const message = await copyUrl(linkUrl(token), browserShareEnv());
      showSnackbar(message.severity === 'success' ? { severity: 'success', message: 'Link made and copied' } : { severity: 'info', message: 'Link made' });
    });
  }

  return (
    <section className="report-controls" aria-labelledby="report-links-title">
      <h3 id="report-links-title">Links</h3>
      <p className="ui-muted">Anyone with a link reads the report as it stands, signed out too, until you revoke it. Handing the vehicle over revokes them all.</p>
      {shares.rows.length > 0 && (
        <ul className="ui-link-list" data-report-links="">
          {shares.rows.map((s) => (
            <li key={s.id} className="ui-link-list__item" data-report-link={s.token ?? ''} data-new={s.token === made ? '' : undefined}>
              <span className="ui-link-list__text">
                <span className="ui-link-list__url">{linkUrl(s.token ?? '')}</span>
                <span className="ui-muted">
                  Made {formatDateTime(s.created_at)} · {photoCount(parsePhotoIds(s.photo_ids).length)}
                </span>
              </span>
              <span className="ui-link-list__actions">
                <IconButton icon={Copy} label="Copy link" onClick={() => void copyUrl(linkUrl(s.token ?? ''), browserShareEnv()).then(showSnackbar)} />
                <IconButton
                  icon={Share2}
                  label="Share link"
                  onClick={() => void shareUrl(linkUrl(s.token ?? ''), 'Vehicle history report', browserShareEnv()).then((m) => m && showSnackbar(m))}
                />
                <IconButton icon={Link2Off} label="Revoke link" disabled={!online} onClick={() => setRevoking(s)} data-action="revoke-report-link" />
              </span>
            </li>
          ))}
        </ul>
      )}
      {create.problem && <Alert tone="error">{create.problem}</Alert>}
      {!online && <Alert tone="info">You're offline: making or revoking a link needs the network. The links you have still work.</Alert>}
      <div className="ui-button-row">
        <Button icon={Link2} onClick={() => void make()} busy={create.busy} disabled={!online} data-action="share-report">
          Make a link
        </Button>
      </div>
      {revoking !== null && (
        <ConfirmDialog
          title="Revoke this link?"
          name="confirm-revoke-report-link"
          confirmLabel="Revoke link"
          busy={revoke.busy}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke.run(() => revokeReportShare(revoking.id))}
        >
          <p>Whoever has it can no longer open the report. Other links keep working.</p>
          {revoke.problem && <Alert tone="error">{revoke.problem}</Alert>}
        </ConfirmDialog>
      )}
    </section>
  );
}
