import ChevronRight from 'lucide-react/icons/chevron-right';
import History from 'lucide-react/icons/history';
import QrCode from 'lucide-react/icons/qr-code';
import { Link } from '../../app/router.js';
import { useScanHistory } from '../../data/scanHistory.js';
import { Dialog } from '../../ui/Dialog.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { scanTarget } from './scanTarget.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * SPEC §2 full-screen scanner dialog. The camera view arrives with the tags work; until then the dialog holds what
 * works offline today: the tags scanned on this device (local history, newest first).
 */
export function ScannerDialog({ onClose }: { onClose: () => void }) {
  const history = useScanHistory();
  return (
    <Dialog title="QR Scanner" name="scanner" fullScreen onClose={onClose}>
      <p className="ui-alert ui-alert--info" data-scanner-note="">
        Scanning with the camera arrives in a coming update. Meanwhile, scan a tag with your phone's camera app: it
        opens here.
      </p>
      <section className="ui-section" aria-labelledby="scan-history-title">
        <h3 id="scan-history-title">Recent scans</h3>
        {history.status === 'loading' && <Loading />}
        {history.status === 'error' && (
          <p className="ui-alert ui-alert--error" role="alert">
            Could not read the scan history: {history.error}
          </p>
        )}
        {history.status === 'ready' && history.rows.length === 0 && (
          <EmptyState icon={History} title="No scans yet" data-empty="scan-history">
            <p>Tags you scan on this device are listed here.</p>
          </EmptyState>
        )}
        {history.rows.length > 0 && (
          <ul className="ui-list scan-history" data-scan-history="">
            {history.rows.map((entry) => {
              const content = entry.content ?? '';
              const target = scanTarget(content, window.location.origin);
              const body = (
                <>
                  <QrCode className="ui-list-item__icon" size={22} aria-hidden="true" />
                  <span className="ui-list-item__text">
                    <span className="ui-list-item__title">{content}</span>
                    <span className="ui-list-item__detail">{formatScannedAt(entry.scanned_at)}</span>
                  </span>
                  {target && <ChevronRight className="ui-list-item__end" size={20} aria-hidden="true" />}
                </>
              );
              return (
                <li key={entry.id}>
                  {target ? (
                    <Link className="ui-list-item" to={target} onClick={onClose}>
                      {body}
                    </Link>
                  ) : (
                    <div className="ui-list-item">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Dialog>
  );
}

function formatScannedAt(value: string | null): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : '';
}
