import { useRef, useState, type ReactNode } from 'react';
import ImagePlus from 'lucide-react/icons/image-plus';
import Paperclip from 'lucide-react/icons/paperclip';
import { useOnline } from '../../data/online.js';
import { ACCEPT_ATTRIBUTE, IMAGE_TYPES, type AttachmentTarget } from '../../domain/files.js';
import { overallProgress } from '../../domain/uploadQueue.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { addPickedFiles } from '../pick.js';
import { pendingUploads, removeAttachment, useAttachments, useHoldsBuckets, type Attachment } from '../queries.js';
import { AttachmentTile } from './AttachmentTile.js';
import './attachments.css';

/**
 * Files attached to one thing (a vehicle's photos, a note, a service request): a grid of thumbnails with each
 * upload's progress and the overall one, an add button for those who may add, and removal for those who may
 * remove. Picked files are kept on the device at once, so they show (and stay) even offline. `listed`: files the
 * server listed, shown while this device holds none of the target's buckets (its files have not synced yet), never
 * removable from here, since a removal is the deletion of a row the device holds.
 */
export function Attachments({
  target,
  label,
  photosOnly,
  canAdd,
  canRemove,
  cover,
  emptyText,
  listed = [],
  compact = false,
  actions,
}: {
  target: AttachmentTarget;
  label: string;
  photosOnly?: boolean;
  canAdd: boolean;
  canRemove: (item: Attachment) => boolean;
  cover?: { hash: string | null; set: (hash: string) => void } | undefined;
  emptyText?: string;
  listed?: readonly Attachment[];
  /** A quiet add button, for things that carry files now and then (a note) rather than a gallery. */
  compact?: boolean;
  /** The owning record's own actions, in the add button's row: one row of actions per record. */
  actions?: ReactNode;
}) {
  const held = useAttachments(target);
  const synced = useHoldsBuckets(target);
  const status = held.status;
  const heldIds = new Set(held.items.map((item) => item.id));
  const shownListed = synced ? [] : listed.filter((item) => !heldIds.has(item.id));
  const items = [...held.items, ...shownListed].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const online = useOnline();
  const input = useRef<HTMLInputElement>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const pending = pendingUploads(items);

  async function picked(files: FileList | null) {
    if (files === null || files.length === 0) return;
    setAdding(0);
    try {
      const { refusals, kept } = await addPickedFiles(target, [...files], (f) => setAdding(f));
      for (const why of refusals) showSnackbar({ message: why, severity: 'error' });
      // A thing without a cover takes the first photo added to it: nobody should have to press the star for it.
      if (cover !== undefined && !cover.hash && kept.length > 0) cover.set(kept[0]!);
    } catch (error) {
      console.error('Could not keep the picked files', error);
      showSnackbar({ message: 'Could not keep the files on this device', severity: 'error' });
    } finally {
      setAdding(null);
      if (input.current) input.current.value = '';
    }
  }

  const progress = Math.round(100 * overallProgress(pending.map((i) => ({ state: i.upload!.state, size: i.upload!.size, uploadedBytes: i.upload!.uploadedBytes }))));
  return (
    <div className="attachments" data-attachments={`${target.kind}/${target.id}`}>
      {canAdd && (
        <div className="attachments__add">
          <input
            ref={input}
            type="file"
            multiple
            accept={photosOnly ? IMAGE_TYPES.join(',') : ACCEPT_ATTRIBUTE}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-file-input=""
            onChange={(e) => void picked(e.currentTarget.files)}
          />
          <Button
            variant={compact ? 'text' : 'secondary'}
            icon={photosOnly ? ImagePlus : Paperclip}
            busy={adding !== null}
            onClick={() => input.current?.click()}
            data-action="add-files"
          >
            {adding !== null ? `Keeping ${Math.round(adding * 100)}%…` : label}
          </Button>
          {actions}
        </div>
      )}
      {!canAdd && actions !== undefined && <div className="attachments__add">{actions}</div>}
      {pending.length > 0 && (
        <p className="attachments__overall ui-muted" data-upload-overall="">
          {online ? `Uploading ${pending.length} ${pending.length === 1 ? 'file' : 'files'} · ${progress}%` : `${pending.length} ${pending.length === 1 ? 'file waits' : 'files wait'} for a network · kept on this device`}
        </p>
      )}
      {status === 'ready' && items.length === 0 && emptyText && <p className="ui-muted">{emptyText}</p>}
      {items.length > 0 && (
        <ul className="attachments__grid">
          {items.map((item) => (
            <AttachmentTile
              key={item.id}
              item={item}
              online={online}
              canRemove={heldIds.has(item.id) && canRemove(item)}
              onRemove={() => setRemoving(item)}
              isCover={cover !== undefined && cover.hash === item.combinedHash}
              onSetCover={cover ? () => cover.set(item.combinedHash) : undefined}
            />
          ))}
        </ul>
      )}
      {removing !== null && (
        <ConfirmDialog
          title="Remove this file?"
          confirmLabel="Remove"
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const item = removing;
            setRemoving(null);
            removeAttachment(item).catch((error: unknown) => {
              console.error('Could not remove the file', error);
              showSnackbar({ message: 'Could not remove the file', severity: 'error' });
            });
          }}
        >
          <p>
            {removing.filename} will be removed for everyone who sees it{cover?.hash === removing.combinedHash ? ', and the vehicle will have no cover photo' : ''}.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
