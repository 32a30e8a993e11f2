import { useEffect, useState } from 'react';
import Copy from 'lucide-react/icons/copy';
import Printer from 'lucide-react/icons/printer';
import Replace from 'lucide-react/icons/replace';
import Share2 from 'lucide-react/icons/share-2';
import { browserShareEnv, copyUrl, QR_SHARE_MESSAGES, shareUrl } from '../../../app/actions/shareUrl.js';
import type { SnackbarMessage } from '../../../ui/snackbar/queue.js';
import { Button } from '../../../ui/Button.js';
import { ButtonLink } from '../../../ui/ButtonLink.js';
import { Dialog } from '../../../ui/Dialog.js';
import { SiteDomain } from '../../../ui/SiteDomain.js';
import { QrImage } from '../../../ui/qr/QrImage.js';
import './qrView.css';

/** The QR view's own toast lasts 3 s (the app's snackbar, 4 s, would sit behind the full-screen view). */
export const QR_TOAST_MS = 3000;

/**
 * The full-screen QR view: the tag's code large enough to scan from another phone, the address it opens (the
 * site's domain plainly visible), copy and share, a way to print it, and to replace it.
 */
export function QrCodeDialog({
  hash,
  title,
  printHref,
  onReplace,
  onClose,
}: {
  hash: string;
  title: string;
  printHref?: string;
  /** Offered to those who may replace the tag (a damaged or lost sticker). */
  onReplace?: () => void;
  onClose: () => void;
}) {
  const url = `${location.origin}/${hash}`;
  const [toast, setToast] = useState<SnackbarMessage | null>(null);
  useEffect(() => {
    if (toast === null) return;
    const timer = setTimeout(() => setToast(null), QR_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <Dialog title="QR Code" name="qr-code" fullScreen onClose={onClose}>
      <div className="qr-view">
        <p className="qr-view__title">{title}</p>
        <QrImage url={location.origin} hash={hash} className="qr-view__image" />
        <p className="qr-view__url" data-qr-url={url}>
          {location.host}/<strong>{hash}</strong>
        </p>
        <SiteDomain />
        <div className="ui-button-row qr-view__actions">
          <Button icon={Copy} onClick={() => void copyUrl(url, browserShareEnv(), QR_SHARE_MESSAGES).then(setToast)} data-action="qr-copy">
            Copy URL
          </Button>
          <Button
            variant="secondary"
            icon={Share2}
            onClick={() => void shareUrl(url, title, browserShareEnv(), QR_SHARE_MESSAGES).then(setToast)}
            data-action="qr-share"
          >
            Share
          </Button>
          {printHref && (
            <ButtonLink to={printHref} variant="text" icon={Printer} onClick={onClose}>
              Print tag
            </ButtonLink>
          )}
          {onReplace && (
            <Button variant="text" icon={Replace} onClick={onReplace} data-action="open-replace-tag">
              Replace tag
            </Button>
          )}
        </div>
        <p className={`qr-view__toast${toast ? ` qr-view__toast--${toast.severity}` : ''}`} role="status" data-qr-toast={toast?.message ?? ''}>
          {toast?.message}
        </p>
      </div>
    </Dialog>
  );
}
