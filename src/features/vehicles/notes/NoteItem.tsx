import { useState } from 'react';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Globe from 'lucide-react/icons/globe';
import Trash2 from 'lucide-react/icons/trash-2';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { Button } from '../../../ui/Button.js';
import { UnsentMark } from '../../../ui/UnsentMark.js';
import { LinkifiedText } from '../../../ui/links/LinkifiedText.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { updateNote } from '../data/writes.js';
import type { NoteData } from '../data/types.js';
import { formatDateTime } from '../format.js';
import { Attachments } from '../../../uploads/ui/Attachments.js';
import { mayRemoveFile } from '../../../domain/files.js';
import { canEdit, fileParty, type Access } from '../access.js';

/** One note: when, by whom, its text with link chips; those who can edit may publish, hide or remove it. */
export function NoteItem({ note, me, access }: { note: NoteData; me: { id: string; name: string } | null; access: Access }) {
  const editable = canEdit(access);
  const [confirming, setConfirming] = useState(false);
  const author = note.author_name ?? (note.user_id === me?.id ? me.name : 'Someone');
  const isPublic = note.is_public === 1;

  async function change(changes: Parameters<typeof updateNote>[1], message: string) {
    try {
      await updateNote(note, changes);
      showSnackbar({ severity: 'success', message });
    } catch (error) {
      console.error('Could not change the note', error);
      showSnackbar({ severity: 'error', message: 'The note could not be changed. Try again.' });
    }
  }

  return (
    <li className="note" data-note-id={note.id} data-public={isPublic ? 'true' : 'false'}>
      <div className="note__meta">
        <span className="note__author">{author}</span>
        <time dateTime={note.created_at ?? undefined}>{formatDateTime(note.created_at)}</time>
        <UnsentMark table="vehicle_notes" id={note.id} />
        {isPublic && (
          <span className="vehicle-badge vehicle-badge--public">
            <Globe size={14} aria-hidden="true" />
            Public
          </span>
        )}
      </div>
      <LinkifiedText className="note__body" text={note.body ?? ''} />
      <Attachments
        target={{ kind: 'note', id: note.id }}
        label="Attach files"
        compact
        canAdd={editable}
        canRemove={(item) => mayRemoveFile(fileParty(access), me !== null && item.userId === me.id)}
        actions={
          editable ? (
            <span className="note__actions">
              <Button
                variant="text"
                icon={isPublic ? EyeOff : Eye}
                onClick={() => void change({ is_public: isPublic ? 0 : 1 }, isPublic ? 'Note hidden from the profile.' : 'Note shown on the profile.')}
                data-action="toggle-note-public"
              >
                {isPublic ? 'Hide from profile' : 'Show on profile'}
              </Button>
              <Button variant="text" icon={Trash2} onClick={() => setConfirming(true)} data-action="remove-note">
                Remove
              </Button>
            </span>
          ) : undefined
        }
      />
      {confirming && (
        <ConfirmDialog
          title="Remove this note?"
          name="remove-note"
          confirmLabel="Remove"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void change({ deleted_at: new Date().toISOString() }, 'Note removed.');
          }}
        >
          <p>It disappears from this vehicle's notes and profile, on every device.</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
