import { useState } from 'react';
import FileText from 'lucide-react/icons/file-text';
import ImageOff from 'lucide-react/icons/image-off';
import Star from 'lucide-react/icons/star';
import Trash2 from 'lucide-react/icons/trash-2';
import { isImageType } from '../../domain/files.js';
import { QueueState } from '../../domain/uploadQueue.js';
import { IconButton } from '../../ui/IconButton.js';
import { useFileImage } from '../fileImages.js';
import type { Attachment } from '../queries.js';
import { PhotoViewer } from './PhotoViewer.js';

/** Words for where this device's upload of a file stands; null once it is done (or it came from elsewhere). */
export function uploadStatus(item: Attachment, online: boolean): string | null {
  const u = item.upload;
  if (u === null || u.state === QueueState.done) return null;
  if (u.state === QueueState.failed) return `Not uploaded: ${u.lastError ?? 'refused'}`;
  if (u.state === QueueState.waitingAuth) return 'Waiting for you to sign in';
  if (!online) return 'Waiting for a network';
  const percent = Math.floor((100 * (u.state >= QueueState.uploaded ? u.size : u.uploadedBytes)) / Math.max(1, u.size));
  return `Uploading ${percent}%`;
}

export function AttachmentTile({
  item,
  online,
  canRemove,
  onRemove,
  isCover,
  onSetCover,
}: {
  item: Attachment;
  online: boolean;
  canRemove: boolean;
  onRemove: () => void;
  isCover?: boolean;
  onSetCover?: (() => void) | undefined;
}) {
  const image = isImageType(item.type);
  const shown = useFileImage(image ? item.combinedHash : '', item.type, item.localName, item.upload?.state === QueueState.done);
  const status = uploadStatus(item, online);
  const u = item.upload;
  const uploaded = status === null;
  const [viewing, setViewing] = useState(false);
  return (
    <li className="attachment" data-attachment={item.id} data-uploaded={uploaded ? '1' : '0'}>
      <div className="attachment__frame">
        {image && shown.url !== null ? (
          <button type="button" className="attachment__open" aria-label={`View ${item.filename}`} onClick={() => setViewing(true)}>
            <img className="attachment__image" src={shown.url} alt={item.filename} />
          </button>
        ) : image ? (
          <span className="attachment__placeholder" role="img" aria-label={`${item.filename}: not on this device yet`}>
            <ImageOff aria-hidden="true" />
          </span>
        ) : (
          <a className="attachment__placeholder attachment__doc" href={shown.url ?? undefined} download={item.filename}>
            <FileText aria-hidden="true" />
            <span>{item.filename}</span>
          </a>
        )}
        {status !== null && (
          <span className="attachment__status" role="status">
            {status}
            {u !== null && u.state !== QueueState.failed && (
              <progress max={u.size} value={u.state >= QueueState.uploaded ? u.size : u.uploadedBytes} aria-label={`Upload of ${item.filename}`} />
            )}
          </span>
        )}
        {isCover && <span className="attachment__badge">Cover</span>}
      </div>
      {(canRemove || onSetCover) && (
        <div className="attachment__actions">
          {onSetCover && !isCover && image && <IconButton icon={Star} label={`Make ${item.filename} the cover photo`} onClick={onSetCover} iconSize={20} />}
          {canRemove && <IconButton icon={Trash2} label={`Remove ${item.filename}`} onClick={onRemove} iconSize={20} data-action="remove-attachment" />}
        </div>
      )}
      {viewing && shown.url !== null && <PhotoViewer url={shown.url} filename={item.filename} onClose={() => setViewing(false)} />}
    </li>
  );
}
