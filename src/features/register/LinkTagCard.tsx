import { useId, useState, type FormEvent } from 'react';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { isTagHash } from '../../domain/ids.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { Field } from '../../ui/Field.js';
import { TagAssignment } from './TagAssignment.js';
import './register.css';
import { Input } from '../../ui/Input.js';

/** On a vehicle without a tag: type a new tag's code, and the assignment row offers 'Assign Entity' for this vehicle. */
export function LinkTagCard({ vehicleId }: { vehicleId: string }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [hash, setHash] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!isTagHash(value)) return setError('A tag code is 8 to 16 letters or digits.');
    setHash(value);
  }
  return (
    <Card aria-labelledby={`${id}-title`} data-link-tag="">
      <h2 id={`${id}-title`}>Tag</h2>
      <p className="ui-muted">No tag opens this vehicle yet. Type the code printed under a new tag to link it.</p>
      <form className="inline-form" data-form="link-tag" onSubmit={submit} noValidate>
        <Field id={id} name="link-tag-code" label="Tag code" errors={error ? [error] : []}>
          {(a11y) => (
            <Input
              {...a11y}
              value={code}
              autoCapitalize="off"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
                setHash(null);
              }}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" icon={ArrowRight}>
          Check
        </Button>
      </form>
      {hash !== null && <TagAssignment key={hash} hash={hash} vehicleId={vehicleId} />}
    </Card>
  );
}
