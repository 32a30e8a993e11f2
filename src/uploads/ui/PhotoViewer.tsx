import { Dialog } from '../../ui/Dialog.js';

/**
 * One photo, whole (scaled down to fit, never cropped) and as large as the screen allows, over the page; Close,
 * Escape or the backdrop return to the gallery. The image is the one the thumbnail already shows: nothing is fetched.
 */
export function PhotoViewer({ url, filename, onClose }: { url: string; filename: string; onClose: () => void }) {
  return (
    <Dialog title={filename} name="photo-viewer" fullScreen onClose={onClose}>
      <img className="photo-viewer__image" src={url} alt={filename} />
    </Dialog>
  );
}
