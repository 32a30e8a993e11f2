import { useMemo, useState } from 'react';
import History from 'lucide-react/icons/history';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import Search from 'lucide-react/icons/search';
import { Link } from '../../../ui/Link.js';
import { vehiclePath } from '../../../app/routes.js';
import { useCurrentUser } from '../../../rpc/session.js';
import { ButtonLink } from '../../../ui/ButtonLink.js';
import { Card } from '../../../ui/Card.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { Loading } from '../../../ui/Loading.js';
import { canEdit } from '../access.js';
import { useVehicleNotes } from '../data/records.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { NoteComposer } from './NoteComposer.js';
import { NoteItem } from './NoteItem.js';
import { matchesSearch } from './search.js';
import { Input } from '../../../ui/Input.js';
import './notes.css';
import { counted } from '../../../domain/counting.js';

/** How many notes the Notes page shows; All notes has the rest. */
export const RECENT_NOTES = 5;

function useMe() {
  const user = useCurrentUser();
  return user ? { id: user.id, name: user.displayName || user.email } : null;
}

/** Notes: the add box and the most recent notes, with a way to all of them. */
export function NotesSection({ area, vehicleId }: { area: VehicleArea; vehicleId: string }) {
  const notes = useVehicleNotes(area, vehicleId);
  const me = useMe();
  const editable = canEdit(area.access);
  const recent = notes.rows.slice(0, RECENT_NOTES);
  return (
    <>
      {editable && me && (
        <Card aria-labelledby="add-note-title">
          <h2 id="add-note-title">Add a note</h2>
          <NoteComposer vehicleId={vehicleId} author={me} />
        </Card>
      )}
      <Card aria-labelledby="recent-notes-title" data-notes="recent">
        <div className="vehicle-section-head">
          <h2 id="recent-notes-title">Recent notes</h2>
          <Link to={vehiclePath(vehicleId, 'logbook')} className="vehicle-section-link">
            <History size={18} aria-hidden="true" />
            Logbook
          </Link>
        </div>
        {notes.status === 'loading' ? (
          <Loading />
        ) : recent.length === 0 ? (
          <EmptyState icon={NotebookPen} title="No notes yet">
            <p>Keep the vehicle's story here: services, parts, what to remember next time.</p>
          </EmptyState>
        ) : (
          <ul className="notes-list">
            {recent.map((note) => (
              <NoteItem key={note.id} note={note} me={me} access={area.access} />
            ))}
          </ul>
        )}
        {notes.rows.length > 0 && (
          <div className="ui-button-row">
            <ButtonLink to={vehiclePath(vehicleId, 'all-notes')} variant="secondary" data-action="all-notes">
              All notes ({notes.rows.length})
            </ButtonLink>
          </div>
        )}
      </Card>
    </>
  );
}

/** All notes: every note, newest first, with a search over their text and authors. */
export function AllNotesSection({ area, vehicleId }: { area: VehicleArea; vehicleId: string }) {
  const notes = useVehicleNotes(area, vehicleId);
  const me = useMe();
  const [term, setTerm] = useState('');
  const found = useMemo(() => notes.rows.filter((n) => matchesSearch(term, [n.body, n.author_name])), [notes.rows, term]);
  return (
    <Card aria-labelledby="all-notes-title" data-notes="all">
      <h2 id="all-notes-title">All notes</h2>
      <div className="notes-search">
        <Search size={20} aria-hidden="true" />
        <label className="visually-hidden" htmlFor="notes-search">
          Search notes
        </label>
        <Input
          id="notes-search"
          type="search"
          placeholder="Search notes"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      {notes.status === 'loading' ? (
        <Loading />
      ) : notes.rows.length === 0 ? (
        <EmptyState icon={NotebookPen} title="No notes yet">
          <p>Notes written on the Notes page appear here, all of them.</p>
        </EmptyState>
      ) : (
        <>
          <p className="ui-muted" role="status" data-notes-count={found.length}>
            {term.trim() === '' ? counted(notes.rows.length, 'note') : `${found.length} of ${counted(notes.rows.length, 'note')} match`}
          </p>
          <ul className="notes-list">
            {found.map((note) => (
              <NoteItem key={note.id} note={note} me={me} access={area.access} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
