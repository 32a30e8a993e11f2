import { parseNumberInput } from '../../../domain/numberInput.js';
import { checkVin } from '../../../domain/vin.js';
import { sanitizeInput } from '../../../domain/validation.js';
import type { InfoData } from '../data/types.js';
import { INFO_FIELDS } from '../data/fields.js';
import type { InfoValues } from '../data/writes.js';

/** The oldest year a car can have, and how far ahead a model year may be (they are sold a year early). */
export const FIRST_CAR_YEAR = 1886;
export const MODEL_YEARS_AHEAD = 2;

/** What the form holds: text as typed for every field, the category code as a select value, the chosen customer. */
export interface InfoForm {
  category: string;
  vin: string;
  make: string;
  model: string;
  year: string;
  color: string;
  state: string;
  license_plate: string;
  mods: string;
  notes: string;
  generation: string;
  customer: { id: string; name: string } | null;
}

export function toForm(info: InfoData | null, locale?: string): InfoForm {
  const t = (v: string | null | undefined) => v ?? '';
  return {
    category: info?.category ? String(info.category) : '',
    vin: t(info?.vin),
    make: t(info?.make),
    model: t(info?.model),
    year: info?.year ? new Intl.NumberFormat(locale, { useGrouping: false }).format(info.year) : '',
    color: t(info?.color),
    state: t(info?.state),
    license_plate: t(info?.license_plate),
    mods: t(info?.mods),
    notes: t(info?.notes),
    generation: t(info?.generation),
    customer: info?.customer_id ? { id: info.customer_id, name: info.customer_name ?? '' } : null,
  };
}

export type InfoErrors = Partial<Record<keyof InfoForm, string[]>>;

/**
 * The values to store for a form, or the errors that stop it: every field optional; empty text is no
 * value; the year is a number field where empty means 0, and 0 is stored as null; the VIN is stored normalised and
 * refused only for what no VIN can be (its warnings never block).
 */
export function fromForm(form: InfoForm, now: Date): { values: InfoValues; errors: InfoErrors } {
  const errors: InfoErrors = {};
  const text = (v: string) => {
    const clean = sanitizeInput(v);
    return clean === '' ? null : clean;
  };
  // Multi-line fields keep their line breaks.
  const multiline = (v: string) => {
    const clean = v.normalize('NFC').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
    return clean === '' ? null : clean;
  };
  const vin = checkVin(form.vin);
  if (vin.errors.length > 0) errors.vin = vin.errors;
  const maxYear = now.getFullYear() + MODEL_YEARS_AHEAD;
  let year: number | null = null;
  const parsedYear = parseNumberInput(form.year, { integer: true, min: 0, max: maxYear });
  if (!parsedYear.ok || (parsedYear.value !== 0 && parsedYear.value < FIRST_CAR_YEAR)) {
    errors.year = [`Type a year from ${FIRST_CAR_YEAR} to ${maxYear}, or leave it empty`];
  } else {
    year = parsedYear.value === 0 ? null : parsedYear.value;
  }
  const category = form.category === '' ? null : Number(form.category);
  return {
    values: {
      category: category !== null && Number.isInteger(category) && category > 0 ? category : null,
      vin: vin.vin === '' ? null : vin.vin,
      make: text(form.make),
      model: text(form.model),
      year,
      color: text(form.color),
      state: text(form.state),
      license_plate: text(form.license_plate),
      mods: multiline(form.mods),
      notes: multiline(form.notes),
      generation: text(form.generation),
      customer_id: form.customer?.id ?? null,
    },
    errors,
  };
}

const blankIsNull = (v: string | number | null | undefined) => (v === undefined || v === '' ? null : v);

/** Whether the info as read now carries every saved change (the watched read lags the write by a moment). */
export function showsChanges(current: InfoData | null, changes: Partial<InfoValues>): boolean {
  return Object.entries(changes).every(([field, value]) => blankIsNull(current?.[field as keyof InfoValues]) === blankIsNull(value));
}

/** Only the fields whose stored value would change; empty means nothing to save (then saving does nothing). */
export function changedInfo(current: InfoData | null, values: InfoValues): Partial<InfoValues> {
  const changed: Partial<InfoValues> = {};
  for (const field of INFO_FIELDS) {
    const before = blankIsNull(current?.[field]);
    const after = blankIsNull(values[field]);
    if (before !== after) (changed as Record<string, unknown>)[field] = after;
  }
  return changed;
}
