import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Save from 'lucide-react/icons/save';
import { CATEGORY_PROMPT, VEHICLE_CATEGORIES } from '../../../domain/vehicleCategories.js';
import { INFO_TEXT_LIMITS } from '../../../domain/vehicleRecords.js';
import { Button } from '../../../ui/Button.js';
import { Field } from '../../../ui/Field.js';
import { NumberField } from '../../../ui/NumberField.js';
import { Select } from '../../../ui/Select.js';
import { TextArea } from '../../../ui/TextArea.js';
import { INFO_LABELS } from '../data/fields.js';
import { FIRST_CAR_YEAR, fromForm, MODEL_YEARS_AHEAD, toForm, type InfoErrors, type InfoForm } from './infoForm.js';
import { CustomerPicker } from './CustomerPicker.js';
import { VinInput } from './VinInput.js';
import type { InfoData } from '../data/types.js';
import type { InfoValues } from '../data/writes.js';
import { Input } from '../../../ui/Input.js';

const CATEGORY_OPTIONS = [{ value: '', label: CATEGORY_PROMPT }, ...VEHICLE_CATEGORIES.map((c) => ({ value: String(c.code), label: c.label }))];

type TextKey = 'make' | 'model' | 'generation' | 'color' | 'license_plate' | 'state';
const TEXT_FIELDS: ReadonlyArray<{ key: TextKey; autoCapitalize?: string }> = [
  { key: 'make' },
  { key: 'model' },
  { key: 'generation' },
  { key: 'color' },
  { key: 'license_plate', autoCapitalize: 'characters' },
  { key: 'state' },
];

/**
 * The admin's info form: every field of the vehicle's info; Shift+Enter saves and Escape cancels from any
 * field. Saving hands the parsed values up; the caller decides whether anything changed.
 */
export function InfoEditor({
  info,
  onSave,
  onCancel,
  busy,
}: {
  info: InfoData | null;
  onSave: (values: InfoValues, customerName: string | null) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<InfoForm>(() => toForm(info, navigator.language));
  const [errors, setErrors] = useState<InfoErrors>({});
  const set = <K extends keyof InfoForm>(key: K, value: InfoForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = fromForm(form, new Date());
    if (Object.values(parsed.errors).some((list) => list && list.length > 0)) {
      setErrors(parsed.errors);
      return;
    }
    onSave(parsed.values, form.customer?.name ?? null);
  }

  // Opening the form puts the cursor in its first field, as a person who pressed 'e' means to type.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);

  // Escape cancels wherever focus is — in a field, on a button, or on the page around the form — unless a dialog
  // (the customer picker) is open: Escape closes that first.
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      cancel.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      submit();
    }
  }

  const maxYear = new Date().getFullYear() + MODEL_YEARS_AHEAD;
  return (
    <form ref={formRef} className="info-editor" data-form="vehicle-info" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <p className="ui-muted info-editor__keys">
        <kbd>Shift</kbd>+<kbd>Enter</kbd> saves, <kbd>Esc</kbd> cancels.
      </p>
      <div className="info-editor__grid">
        <Select id={`${id}-category`} name="category" label={INFO_LABELS.category} value={form.category} options={CATEGORY_OPTIONS} onChange={(v) => set('category', v)} />
        <VinInput id={`${id}-vin`} value={form.vin} onChange={(v) => set('vin', v)} make={form.make} onUseMake={(make) => set('make', make)} />
        {TEXT_FIELDS.slice(0, 2).map((f) => (
          <TextInput key={f.key} id={`${id}-${f.key}`} field={f} value={form[f.key]} onChange={(v) => set(f.key, v)} />
        ))}
        <NumberField
          id={`${id}-year`}
          name="year"
          label={INFO_LABELS.year}
          value={form.year}
          onChange={(v) => set('year', v)}
          rule={{ integer: true, min: 0, max: maxYear }}
          hint={`${FIRST_CAR_YEAR} to ${maxYear}; empty if unknown`}
          errors={errors.year}
        />
        {TEXT_FIELDS.slice(2).map((f) => (
          <TextInput key={f.key} id={`${id}-${f.key}`} field={f} value={form[f.key]} onChange={(v) => set(f.key, v)} />
        ))}
      </div>
      <TextArea id={`${id}-mods`} name="mods" label={INFO_LABELS.mods} rows={4} value={form.mods} maxLength={INFO_TEXT_LIMITS.mods} onChange={(v) => set('mods', v)} />
      <TextArea id={`${id}-notes`} name="notes" label={INFO_LABELS.notes} rows={4} value={form.notes} maxLength={INFO_TEXT_LIMITS.notes} onChange={(v) => set('notes', v)} />
      <CustomerPicker value={form.customer} onChange={(customer) => set('customer', customer)} />
      <div className="ui-button-row ui-button-row--end">
        <Button variant="text" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" icon={Save} busy={busy} data-action="save-info">
          Save
        </Button>
      </div>
    </form>
  );
}

function TextInput({
  id,
  field,
  value,
  onChange,
}: {
  id: string;
  field: (typeof TEXT_FIELDS)[number];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} name={field.key} label={INFO_LABELS[field.key]}>
      {(a11y) => (
        <Input
          {...a11y}
          name={field.key}
          value={value}
          maxLength={INFO_TEXT_LIMITS[field.key]}
          autoCapitalize={field.autoCapitalize}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
