import { useEffect, useState } from 'react';
import Sparkles from 'lucide-react/icons/sparkles';
import { checkVin, VIN_LENGTH } from '../../../domain/vin.js';
import { Button } from '../../../ui/Button.js';
import { Field, FieldWarning } from '../../../ui/Field.js';
import { Input } from '../../../ui/Input.js';

type MakeFromVin = (vin: string) => string | null;
let loadedTable: Promise<MakeFromVin> | null = null;

/** The manufacturer table ships in its own chunk, loaded the first time a VIN is edited. */
function loadMakeTable(): Promise<MakeFromVin> {
  loadedTable ??= import('../../../domain/wmi.js').then((m) => m.makeFromVin);
  return loadedTable;
}

/**
 * The VIN field: checked as it is typed, offline (17 characters, no I, O or Q, the check digit in position 9 where it
 * applies, as a warning only), and the make suggested from the VIN's manufacturer code.
 */
export function VinInput({
  id,
  value,
  onChange,
  make,
  onUseMake,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  make: string;
  onUseMake: (make: string) => void;
}) {
  const check = checkVin(value);
  const [makeOf, setMakeOf] = useState<MakeFromVin | null>(null);
  useEffect(() => {
    let live = true;
    loadMakeTable().then((fn) => live && setMakeOf(() => fn), (error: unknown) => console.error('Could not load the VIN table', error));
    return () => {
      live = false;
    };
  }, []);
  const suggested = makeOf && check.vin.length >= 3 ? makeOf(check.vin) : null;
  const offer = suggested !== null && suggested.toLowerCase() !== make.trim().toLowerCase();
  const warningId = `${id}-warnings`;
  return (
    <div className="vin-input">
      <Field id={id} name="vin" label="VIN" errors={check.errors} hint={`${VIN_LENGTH} letters and digits`}>
        {(a11y) => (
          <Input
            {...a11y}
            aria-describedby={[a11y['aria-describedby'], check.warnings.length > 0 ? warningId : ''].filter(Boolean).join(' ') || undefined}
            className="vin-input__control"
            name="vin"
            value={value}
            maxLength={32}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </Field>
      {check.warnings.length > 0 && (
        <FieldWarning id={warningId} messages={check.warnings} data-vin-warning="" />
      )}
      {check.checkDigitValid === true && (
        <p className="vin-input__ok" data-vin-check="valid">
          Check digit matches.
        </p>
      )}
      {offer && (
        <p className="vin-input__suggestion" data-make-suggestion={suggested}>
          <Sparkles size={18} aria-hidden="true" />
          <span>
            This VIN was issued to <strong>{suggested}</strong>.
          </span>
          <Button variant="text" onClick={() => onUseMake(suggested)}>
            Use {suggested}
          </Button>
        </p>
      )}
    </div>
  );
}
