import { useMemo } from 'react';
import qrcode from 'qrcode-generator';
import { qrImageSpec, qrPath, qrViewBox, QrImageError } from '../../domain/qrImage.js';
import { Alert } from '../Alert.js';
import './qr.css';

type Drawn = { text: string; viewBox: string; path: string } | { error: string };

function draw(url: string, hash: string): Drawn {
  try {
    const spec = qrImageSpec(url, hash);
    const code = qrcode(0, spec.errorCorrection);
    code.addData(spec.text);
    code.make();
    const modules = code.getModuleCount();
    return { text: spec.text, viewBox: qrViewBox(modules), path: qrPath(modules, (r, c) => code.isDark(r, c)) };
  } catch (error) {
    if (error instanceof QrImageError) return { error: error.message };
    throw error;
  }
}

/**
 * A tag's QR code as SVG: sharp at any size and in print, black on white with its quiet zone, named for screen
 * readers by the address it opens. `url` is the site's origin.
 */
export function QrImage({ url, hash, size, className }: { url: string; hash: string; size?: string; className?: string }) {
  const drawn = useMemo(() => draw(url, hash), [url, hash]);
  if ('error' in drawn) {
    return (
      <Alert tone="error" data-qr-error="">
        {drawn.error}
      </Alert>
    );
  }
  return (
    <svg
      className={['qr-image', className ?? ''].filter(Boolean).join(' ')}
      role="img"
      aria-label={`QR code for ${drawn.text}`}
      data-qr-text={drawn.text}
      viewBox={drawn.viewBox}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
