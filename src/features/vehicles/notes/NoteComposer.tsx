import { useId, useState, type FormEvent } from 'react';
import Plus from 'lucide-react/icons/plus';
import { NOTE_BODY_MAX } from '../../../domain/vehicleRecords.js';
import { Button } from '../../../ui/Button.js';
import { TextArea } from '../../../ui/TextArea.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { addNote } from '../data/writes.js';
import { Checkbox } from '../../../ui/Checkbox.js';

/** The add box of the Notes page: written to this device first, so it works offline too. */
export function NoteComposer({ vehicleId, author }: { vehicleId: string; author: { id: string; name: string } }) {
  const id = useId();
  const [body, setBody] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = body.normalize('NFC').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
    if (text === '') return setError('Write something first');
    setBusy(true);
    try {
      await addNote(vehicleId, author, text, isPublic);
      setBody('');
      setPublic(false);
      setError(null);
      showSnackbar({ severity: 'success', message: 'Note added.' });
    } catch (err) {
      console.error('Could not add the note', err);
      setError('The note could not be saved on this device. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="note-composer" data-form="add-note" onSubmit={(e) => void submit(e)} noValidate>
      <TextArea
        id={id}
        name="note"
        label="New note"
        rows={3}
        maxLength={NOTE_BODY_MAX}
        value={body}
        placeholder="Service done, parts fitted, what to remember next time…"
        onChange={(v) => {
          setBody(v);
          setError(null);
        }}
        errors={error ? [error] : []}
      />
      <div className="note-composer__row">
        <Checkbox label="Show on the public profile" checked={isPublic} onChange={setPublic} />
        <Button type="submit" icon={Plus} busy={busy}>
          Add note
        </Button>
      </div>
    </form>
  );
}
