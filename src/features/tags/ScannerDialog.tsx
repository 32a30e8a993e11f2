import { useEffect, useRef, useState } from 'react';
import CameraOff from 'lucide-react/icons/camera-off';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ExternalLinkIcon from 'lucide-react/icons/external-link';
import Flashlight from 'lucide-react/icons/flashlight';
import FlashlightOff from 'lucide-react/icons/flashlight-off';
import History from 'lucide-react/icons/history';
import Keyboard from 'lucide-react/icons/keyboard';
import QrCode from 'lucide-react/icons/qr-code';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import SwitchCamera from 'lucide-react/icons/switch-camera';
import TextIcon from 'lucide-react/icons/text';
import { navigate } from '../../ui/navigation.js';
import { registerPath } from '../../app/routes.js';
import { recordScan, useScanHistory } from '../../data/scanHistory.js';
import { Button } from '../../ui/Button.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { Dialog } from '../../ui/Dialog.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { IconButton } from '../../ui/IconButton.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import { Loading } from '../../ui/Loading.js';
import { confirmExternal } from '../../ui/links/externalLinkStore.js';
import { startCamera, type CameraFailure, type CameraScanner } from './camera.js';
import { classifyScan, type ScanResult } from './scanTarget.js';
import './scanner.css';
import { Alert } from '../../ui/Alert.js';

/** The scanner's frame is 250 px. */
export const SCANNER_FRAME_PX = 250;
/** The same code seen again within this time is the camera still looking at it, not a new scan. */
const REPEAT_SCAN_MS = 2000;
export const SCANNER_LOADING_TEXT = 'Loading QR Scanner...';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type CameraState = { kind: 'loading' } | { kind: 'scanning'; camera: CameraScanner } | { kind: 'failed'; why: CameraFailure };

const FAILURES: Record<CameraFailure, { title: string; text: string }> = {
  denied: {
    title: 'Camera access is blocked',
    text: "Tagbook needs the camera to read tags. Allow the camera for this site in your browser's settings (the lock or camera icon beside the address), then try again.",
  },
  'no-camera': { title: 'No camera found', text: 'This device has no camera Tagbook can use.' },
  unsupported: { title: "This browser can't use the camera", text: 'Open Tagbook in an up-to-date browser, over https, to scan with the camera.' },
  failed: { title: "The camera didn't start", text: 'Another app may be using it. Close it and try again.' },
};

/**
 * The full-screen scanner: the camera with a 250 px frame, camera switch and torch where the device has them,
 * and the local history of scans (newest first, max 40vh). A code of this site opens at once, inside the app; another
 * site's address only after the external-link confirmation; anything else is shown as text.
 */
export function ScannerDialog({ onClose }: { onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [text, setText] = useState<string | null>(null);
  const [torchOn, setTorchOn] = useState(false);
  const [hasTorch, setHasTorch] = useState(false);
  const [cameraIndex, setCameraIndex] = useState(0);
  const last = useRef<{ text: string; at: number } | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  function open(result: ScanResult) {
    if (result.kind === 'app') {
      // Navigate first: a scan must feel instant; the history write goes on alongside.
      closeRef.current();
      navigate(result.path);
    } else if (result.kind === 'external') {
      confirmExternal(result.url);
    } else {
      setText(result.text);
    }
  }

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let live = true;
    let started: CameraScanner | null = null;
    setCamera({ kind: 'loading' });
    startCamera(element, (decoded) => {
      const now = Date.now();
      if (last.current && last.current.text === decoded && now - last.current.at < REPEAT_SCAN_MS) return;
      last.current = { text: decoded, at: now };
      const result = classifyScan(decoded, location.origin);
      open(result);
      if (decoded.trim() !== '') recordScan(decoded.trim()).catch((error: unknown) => console.error('Could not save the scan', error));
    }).then(
      (scanner) => {
        if (!live) return scanner.stop();
        started = scanner;
        setHasTorch(scanner.hasTorch);
        setCamera({ kind: 'scanning', camera: scanner });
      },
      (why: unknown) => live && setCamera({ kind: 'failed', why: typeof why === 'string' ? (why as CameraFailure) : 'failed' }),
    );
    return () => {
      live = false;
      started?.stop();
    };
  }, [attempt]);

  async function switchCamera(scanner: CameraScanner) {
    const next = (cameraIndex + 1) % scanner.cameras.length;
    setCameraIndex(next);
    setTorchOn(false);
    setHasTorch(await scanner.setCamera(scanner.cameras[next]!.id));
  }

  return (
    <Dialog title="QR Scanner" name="scanner" fullScreen onClose={onClose}>
      <div className="scanner" data-camera-state={camera.kind}>
        <div className="scanner__viewport">
          <video ref={video} className="scanner__video" muted playsInline aria-label="Camera view" />
          {camera.kind !== 'failed' && (
            <div className="scanner__frame" style={{ width: SCANNER_FRAME_PX, height: SCANNER_FRAME_PX }} aria-hidden="true" />
          )}
          {camera.kind === 'loading' && (
            <p className="scanner__status" role="status">
              {SCANNER_LOADING_TEXT}
            </p>
          )}
          {camera.kind === 'failed' && (
            <div className="scanner__problem" role="alert" data-camera-failure={camera.why}>
              <CameraOff size={32} aria-hidden="true" />
              <h3>{FAILURES[camera.why].title}</h3>
              <p>{FAILURES[camera.why].text}</p>
              <p>You can also type the code printed under the tag.</p>
              <div className="ui-button-row">
                {camera.why !== 'no-camera' && camera.why !== 'unsupported' && (
                  <Button icon={RotateCcw} onClick={() => setAttempt((n) => n + 1)}>
                    Try again
                  </Button>
                )}
                <ButtonLink to={registerPath()} icon={Keyboard} variant="secondary" onClick={onClose}>
                  Type the code
                </ButtonLink>
              </div>
            </div>
          )}
          {camera.kind === 'scanning' && (camera.camera.cameras.length > 1 || hasTorch) && (
            <div className="scanner__controls">
              {camera.camera.cameras.length > 1 && (
                <IconButton icon={SwitchCamera} label="Switch camera" onClick={() => void switchCamera(camera.camera)} data-action="switch-camera" />
              )}
              {hasTorch && (
                <IconButton
                  icon={torchOn ? FlashlightOff : Flashlight}
                  label={torchOn ? 'Turn torch off' : 'Turn torch on'}
                  onClick={() => void camera.camera.toggleTorch().then(setTorchOn)}
                  data-action="torch"
                />
              )}
            </div>
          )}
        </div>
        {camera.kind === 'scanning' && text === null && <p className="scanner__hint">Point the camera at a Tagbook QR tag.</p>}
        {text !== null && (
          <div className="scanner__text ui-card" role="status" data-scan-text="">
            <TextIcon size={20} aria-hidden="true" />
            <div>
              <p className="scanner__text-label">This code holds text, not a Tagbook link:</p>
              <p className="scanner__text-value">{text}</p>
            </div>
          </div>
        )}
        <ScanHistory onOpen={open} onClose={onClose} />
      </div>
    </Dialog>
  );
}

function ScanHistory({ onOpen, onClose }: { onOpen: (result: ScanResult) => void; onClose: () => void }) {
  const history = useScanHistory();
  return (
    <section className="ui-section scanner__history" aria-labelledby="scan-history-title">
      <h3 id="scan-history-title">Recent scans</h3>
      {history.status === 'loading' && <Loading />}
      {history.status === 'error' && (
        <Alert tone="error">
          Could not read the scan history: {history.error}
        </Alert>
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
            const result = classifyScan(content, location.origin);
            const row = {
              icon: QrCode,
              title: content,
              endIcon: result.kind === 'external' ? ExternalLinkIcon : ChevronRight,
              children: <ListItemDetail>{formatScannedAt(entry.scanned_at)}</ListItemDetail>,
            };
            return (
              <li key={entry.id}>
                {result.kind === 'app' ? (
                  <ListItem {...row} to={result.path} onClick={onClose} />
                ) : (
                  <ListItem {...row} onClick={() => onOpen(result)} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function formatScannedAt(value: string | null): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : '';
}
