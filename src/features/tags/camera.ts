// The camera side of the scanner: qr-scanner, loaded only when the scanner opens (it is not on the critical path;
// the service worker precaches its chunks with the rest of the app, so it starts offline).

export type CameraFailure = 'denied' | 'no-camera' | 'unsupported' | 'failed';

export interface CameraScanner {
  /** Cameras to switch between (empty or one: no switch offered). */
  cameras: { id: string; label: string }[];
  hasTorch: boolean;
  setCamera(id: string): Promise<boolean>;
  toggleTorch(): Promise<boolean>;
  stop(): void;
}

/** Why the camera could not start, in the words the dialog picks its message by. */
export function cameraFailure(error: unknown): CameraFailure {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  const text = String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError' || /permission|denied|not allowed/i.test(text)) return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || /camera not found|no camera/i.test(text)) return 'no-camera';
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'unsupported';
  return 'failed';
}

/**
 * qr-scanner reports every refused camera as "Camera not found.", a blocked permission included; asking the browser
 * once more tells which it was, so the user gets the message that helps (allow the camera, or there is none).
 */
async function diagnose(error: unknown): Promise<CameraFailure> {
  const first = cameraFailure(error);
  if (first === 'denied' || first === 'unsupported') return first;
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    for (const track of stream.getTracks()) track.stop();
    return 'failed';
  } catch (again) {
    const second = cameraFailure(again);
    return second === 'failed' ? first : second;
  }
}

/** Starts scanning into `video`; every decoded text goes to `onText`. Rejects with a CameraFailure. */
export async function startCamera(video: HTMLVideoElement, onText: (text: string) => void): Promise<CameraScanner> {
  if (!navigator.mediaDevices?.getUserMedia) throw 'unsupported' satisfies CameraFailure;
  const { default: QrScanner } = await import('qr-scanner');
  const scanner = new QrScanner(video, (result) => onText(result.data), {
    returnDetailedScanResult: true,
    preferredCamera: 'environment',
    maxScansPerSecond: 15,
  });
  try {
    await scanner.start();
  } catch (error) {
    scanner.destroy();
    throw await diagnose(error);
  }
  const [cameras, hasTorch] = await Promise.all([
    QrScanner.listCameras(true).catch(() => []),
    scanner.hasFlash().catch(() => false),
  ]);
  return {
    cameras: cameras.map((c) => ({ id: c.id, label: c.label })),
    hasTorch,
    async setCamera(id) {
      await scanner.setCamera(id);
      return scanner.hasFlash().catch(() => false);
    },
    async toggleTorch() {
      await scanner.toggleFlash();
      return scanner.isFlashOn();
    },
    stop: () => scanner.destroy(),
  };
}
