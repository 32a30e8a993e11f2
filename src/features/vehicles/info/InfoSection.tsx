import { UnsentMark } from '../../../ui/UnsentMark.js';
import { useEffect, useState, type ReactNode } from 'react';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Pencil from 'lucide-react/icons/pencil';
import { categoryLabel } from '../../../domain/vehicleCategories.js';
import { infoColumnsFor, type InfoColumn } from '../../../domain/vehicleReaders.js';
import { splitVinForDisplay } from '../../../domain/vin.js';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { Loading } from '../../../ui/Loading.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { useVehicleInfo } from '../data/records.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { saveInfo, type InfoValues } from '../data/writes.js';
import type { InfoData } from '../data/types.js';
import { INFO_LABELS } from '../data/fields.js';
import { changedInfo, showsChanges } from './infoForm.js';
import { InfoEditor } from './InfoEditor.js';
import './info.css';

/** The toasts of the info save: success, and failure (an error). */
export const INFO_SAVED = 'Vehicle info updated.';
export const INFO_SAVE_FAILED = 'Failed to update info';

/** Typing somewhere else must not start editing: 'e' only counts on the page itself. */
function typingInField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * Info: the read view for those who may see it, and for admins the form — 'e' starts editing,
 * Shift+Enter saves, Escape cancels. Written to the local database, updated if the row exists, inserted otherwise.
 */
export function InfoSection({ area, vehicleId }: { area: VehicleArea; vehicleId: string }) {
  const { status, info } = useVehicleInfo(area, vehicleId);
  const mayEdit = area.access === 'admin';
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  // The changes just written: the form stays (busy) until the read view can show them, so it never flashes the
  // values from before the save.
  const [written, setWritten] = useState<Partial<InfoValues> | null>(null);

  useEffect(() => {
    if (written === null || !showsChanges(info, written)) return;
    setWritten(null);
    setBusy(false);
    setEditing(false);
    showSnackbar({ severity: 'success', message: INFO_SAVED });
  }, [info, written]);

  useEffect(() => {
    if (!mayEdit || editing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'e' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      if (typingInField(event.target) || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      setEditing(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mayEdit, editing]);

  async function save(values: InfoValues, customerName: string | null) {
    const changes = changedInfo(info, values);
    if (Object.keys(changes).length === 0) return setEditing(false);
    setBusy(true);
    try {
      await saveInfo(vehicleId, info, changes, customerName);
      setWritten(changes);
    } catch (error) {
      console.error('Could not save the vehicle info', error);
      showSnackbar({ severity: 'error', message: INFO_SAVE_FAILED });
      setBusy(false);
    }
  }

  if (status === 'loading') return <Loading />;
  return (
    <Card aria-labelledby="vehicle-info-title" data-vehicle-info={editing ? 'editing' : 'reading'}>
      <div className="vehicle-section-head">
        <h2 id="vehicle-info-title">Info</h2>
        {info !== null && <UnsentMark table="vehicles_info" id={info.id} />}
        {mayEdit && !editing && (
          <Button variant="secondary" icon={Pencil} onClick={() => setEditing(true)} data-action="edit-info" aria-keyshortcuts="e">
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <InfoEditor info={info} onSave={(values, name) => void save(values, name)} onCancel={() => setEditing(false)} busy={busy} />
      ) : info === null ? (
        <EmptyState icon={ClipboardList} title="No info recorded yet">
          <p>{mayEdit ? 'Press Edit (or the E key) to record the VIN, make, model and the rest.' : 'An administrator records the VIN, make, model and the rest.'}</p>
        </EmptyState>
      ) : (
        <InfoView info={info} columns={area.access === 'none' ? [] : infoColumnsFor(area.access)} />
      )}
      {mayEdit && !editing && info !== null && (
        <p className="ui-muted vehicle-hint">
          Press <kbd>E</kbd> to edit.
        </p>
      )}
    </Card>
  );
}

/** The Info the reader reads (src/domain/vehicleReaders.ts): a shop's staff are not told the rest is missing. */
function InfoView({ info, columns }: { info: InfoData; columns: readonly InfoColumn[] }) {
  const rows: Array<[InfoColumn, ReactNode]> = [
    ['category', categoryLabel(info.category)],
    ['vin', info.vin ? <VinDisplay vin={info.vin} /> : null],
    ['make', info.make],
    ['model', info.model],
    ['year', info.year ? String(info.year) : null],
    ['generation', info.generation],
    ['color', info.color],
    ['license_plate', info.license_plate],
    ['state', info.state],
    ['customer_id', info.customer_id ? info.customer_name : null],
  ];
  // A shop's customer record is the shop's: a reader whose device cannot name it (the owner) is not shown a
  // nameless 'customer' line, and nobody is told a vehicle has no customer.
  const shown = rows.filter(([key, value]) => columns.includes(key) && (key !== 'customer_id' || value));
  return (
    <>
      <dl className="ui-details vehicle-details">
        {shown.map(([key, value]) => (
          <div key={key} className="vehicle-details__row" data-info-field={key}>
            <dt>{INFO_LABELS[key]}</dt>
            <dd className={value ? undefined : 'ui-muted'}>{value || 'Not recorded'}</dd>
          </div>
        ))}
      </dl>
      {(['mods', 'notes'] as const).map((key) =>
        info[key] && columns.includes(key) ? (
          <div key={key} className="vehicle-long-text" data-info-field={key}>
            <h3>{INFO_LABELS[key]}</h3>
            <p>{info[key]}</p>
          </div>
        ) : null,
      )}
    </>
  );
}

/** The VIN with its last 8 characters highlighted (model year, plant and serial number). */
export function VinDisplay({ vin }: { vin: string }) {
  const { head, tail } = splitVinForDisplay(vin);
  return (
    <span className="vin" data-vin={vin}>
      {head}
      <mark className="vin__tail">{tail}</mark>
    </span>
  );
}
